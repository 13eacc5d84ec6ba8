import { ApiError } from '@quorum/client/api-error';
import { resetPasswordBody } from '@quorum/shared/schemas/users';
import { firstIssueMessage } from '@quorum/shared/validation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/ui/text-field.tsx';
import { useResetPassword } from '../../../lib/session/login.ts';

interface ResetPasswordFormProps {
  /** The emailed link's token. */
  token: string;
  onSuccess: () => void;
}

/** Sets a new password with an emailed link; the member is then logged in here, and out everywhere else. */
export function ResetPasswordForm({ token, onSuccess }: ResetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const reset = useResetPassword();
  const errorId = useId();
  const validationError = submitted ? firstIssueMessage(resetPasswordBody, { token, password, repeatPassword }) : null;
  const serverError = reset.error instanceof ApiError && reset.error.status === 400 ? reset.error.message : null;
  const error = validationError ?? serverError;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    reset.reset();
    if (firstIssueMessage(resetPasswordBody, { token, password, repeatPassword })) {
      passwordRef.current?.focus();
      return;
    }
    reset.mutate({ token, password, repeatPassword }, { onSuccess });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
      <PasswordField
        ref={passwordRef}
        label="New password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        label="Repeat password"
        name="repeatPassword"
        autoComplete="new-password"
        value={repeatPassword}
        onChange={(event) => setRepeatPassword(event.target.value)}
      />
      {error && (
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={reset.isPending} aria-busy={reset.isPending}>
        Set new password
      </button>
    </form>
  );
}
