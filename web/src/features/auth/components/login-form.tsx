import { loginBody } from '@quorum/shared/schemas/users';
import type { User } from '@quorum/shared/entities/users';
import { firstIssueMessage } from '@quorum/shared/validation';
import { isSecondStep } from '@quorum/shared/entities/two-step';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PasswordField, TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { loginErrorMessage, useLogin } from '../../../lib/session/login.ts';
import { LoginCodeForm } from './login-code-form.tsx';
import { usernameInputProps } from './username-input.ts';

interface LoginFormProps {
  onSuccess: (user: User) => void;
  autoFocus?: boolean;
  /** Called as the member follows "Forgot password?" away from the form (a dialog closes). */
  onLeave?: () => void;
}

/** Logging in with a username and password, then, for an account with two-step sign-in, a code. */
export function LoginForm({ onSuccess, autoFocus, onLeave }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [step, setStep] = useState<'password' | 'code'>('password');
  // Set when the member comes back from the code step: the password field takes the focus.
  const [returned, setReturned] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const login = useLogin();
  const errorId = useId();

  useEffect(() => {
    if (step === 'password' && returned) passwordRef.current?.focus();
  }, [step, returned]);

  const validationError = submitted ? firstIssueMessage(loginBody, { username, password }) : null;
  const error = validationError ?? serverError;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    const problem = firstIssueMessage(loginBody, { username, password });
    if (problem) {
      (username.trim() === '' ? usernameRef : passwordRef).current?.focus();
      return;
    }
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (answer) => (isSecondStep(answer) ? setStep('code') : onSuccess(answer)),
        onError: (failure) => setServerError(loginErrorMessage(failure, username)),
      },
    );
  };

  /** Back to the password, which is asked again (a new one starts a new wait for the code). */
  const backToPassword = (message: string | null) => {
    setPassword('');
    setSubmitted(false);
    setServerError(message);
    setReturned(true);
    setStep('password');
  };

  if (step === 'code') {
    return (
      <LoginCodeForm
        onSuccess={onSuccess}
        onExpired={backToPassword}
        back={
          <p className="form__switch">
            <button type="button" className="link-button" onClick={() => backToPassword(null)}>
              Back
            </button>
          </p>
        }
      />
    );
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
      <TextField
        ref={usernameRef}
        label="Username"
        name="username"
        {...usernameInputProps}
        value={username}
        onChange={(event) => {
          setUsername(event.target.value);
          setServerError(null);
        }}
        autoFocusOnOpen={autoFocus}
      />
      <PasswordField
        ref={passwordRef}
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setServerError(null);
        }}
      />
      <p className="form__aside">
        <Link to={paths.forgotPassword.getHref()} onClick={onLeave}>
          Forgot password?
        </Link>
      </p>
      {error && (
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={login.isPending} aria-busy={login.isPending}>
        Login
      </button>
    </form>
  );
}
