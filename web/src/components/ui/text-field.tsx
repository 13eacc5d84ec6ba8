import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input while there is no error. */
  hint?: ReactNode;
  error?: string | null;
  /** Something inside the input box, after the text (a toggle button). */
  trailing?: ReactNode;
  /** Marks the input to get focus when its dialog opens. */
  autoFocusOnOpen?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error wired up for assistive technology. */
export function TextField({ label, hint, error, trailing, autoFocusOnOpen, className, ref, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`} data-invalid={error ? true : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        <input
          ref={ref}
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-autofocus={autoFocusOnOpen || undefined}
          {...inputProps}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a Show/Hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
          disabled={props.disabled}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

interface CountedTextAreaProps {
  label: string;
  value: string;
  /** Receives the text cut to `maxLength`. */
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  autoFocusOnOpen?: boolean;
}

/** A labelled multi-line field with a "used / allowed" counter under it. */
export function CountedTextArea({ label, value, onChange, maxLength, rows = 3, autoFocusOnOpen }: CountedTextAreaProps) {
  const id = useId();
  const counterId = `${id}-count`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__box">
        <textarea
          id={id}
          className="field__input field__textarea"
          value={value}
          onChange={(event) => onChange(event.target.value.slice(0, maxLength))}
          maxLength={maxLength}
          rows={rows}
          aria-describedby={counterId}
          data-autofocus={autoFocusOnOpen || undefined}
        />
      </div>
      <p id={counterId} className="field__hint field__counter">
        {value.length} / {maxLength}
      </p>
    </div>
  );
}
