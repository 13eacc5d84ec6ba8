import { POST_TITLE_MAX } from '@quorum/shared/constants';
import { useId, type KeyboardEvent, type RefObject } from 'react';
import { useAutoGrow } from '../../../../hooks/use-auto-grow.ts';
import { cutTitle } from './validate.ts';

interface TitleFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | null;
  disabled?: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/** The post title: a growing one-line box with an 'n / 255' counter. */
export function TitleField({ value, onChange, onBlur, error, disabled, inputRef }: TitleFieldProps) {
  const id = useId();
  useAutoGrow(inputRef, value);
  const length = [...value].length;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // A title has no line breaks; Ctrl+Enter still reaches the form and submits.
    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) event.preventDefault();
  };

  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <div className="post-form__label-row">
        <label className="field__label" htmlFor={id}>
          Title
        </label>
        <span id={`${id}-count`} className="post-form__counter" data-full={length >= POST_TITLE_MAX || undefined}>
          {length} / {POST_TITLE_MAX}
        </span>
      </div>
      <div className="field__box">
        <textarea
          ref={inputRef}
          id={id}
          className="field__input post-form__title"
          rows={1}
          value={value}
          disabled={disabled}
          placeholder="An interesting title"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-count` : `${id}-count`}
          onChange={(event) => onChange(cutTitle(event.target.value))}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
