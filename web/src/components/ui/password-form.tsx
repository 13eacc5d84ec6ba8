import { ApiError } from '@quorum/client/api-error';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PasswordField } from './text-field.tsx';

interface PasswordFormProps {
  /** Sends the password; a 400 or 403 refusal is shown under the field. */
  submit: (password: string, handlers: { onError: (failure: Error) => void }) => void;
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  danger?: boolean;
  onCancel: () => void;
  /** Shown under the field: another way to prove who one is. It reports failures through `showError`. */
  extra?: (showError: (message: string) => void) => ReactNode;
}

/** The password asked again in a dialog, before a change that needs it, with Cancel beside the button. */
export function PasswordForm({ submit, busy, submitLabel, busyLabel = submitLabel, danger = false, onCancel, extra }: PasswordFormProps) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setError('Enter your password.');
      return;
    }
    submit(password, {
      onError: (failure) => {
        if (failure instanceof ApiError && (failure.status === 403 || failure.status === 400)) setError(failure.message);
      },
    });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(null);
        }}
        error={error}
        autoFocusOnOpen
      />
      {extra?.(setError)}
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={danger ? 'button button--danger' : 'button button--primary'} disabled={busy} aria-busy={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
