import { ApiError } from '@quorum/client/api-error';
import { isSecondStep } from '@quorum/shared/entities/two-step';
import { resetPasswordBody } from '@quorum/shared/schemas/users';
import { firstIssueMessage } from '@quorum/shared/validation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PasswordField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useResetPassword } from '../../../lib/session/login.ts';
import { LoginCodeForm } from './login-code-form.tsx';

interface ResetPasswordFormProps {
  /** The emailed link's token. */
  token: string;
  onSuccess: () => void;
}

/**
 * Sets a new password with an emailed link; the member is then logged in here, and out everywhere
 * else. An account with two-step sign-in gives its code first: the link alone does not log in.
 */
export function ResetPasswordForm({ token, onSuccess }: ResetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [step, setStep] = useState<'password' | 'code' | 'expired'>('password');
  const [expiredMessage, setExpiredMessage] = useState('');
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
    reset.mutate({ token, password, repeatPassword }, { onSuccess: (answer) => (isSecondStep(answer) ? setStep('code') : onSuccess()) });
  };

  if (step === 'code') {
    return (
      <div className="form">
        <p className="form__done" role="status">
          Your new password is set. To log in, confirm it is you with two-step sign-in.
        </p>
        <LoginCodeForm
          onSuccess={onSuccess}
          onExpired={(message) => {
            setExpiredMessage(message);
            setStep('expired');
          }}
        />
      </div>
    );
  }

  if (step === 'expired') {
    return (
      <div className="form">
        <p className="form__error" role="alert">
          {expiredMessage}
        </p>
        <Link to={paths.login.getHref()} className="button button--primary button--block">
          Log in with your new password
        </Link>
      </div>
    );
  }

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
