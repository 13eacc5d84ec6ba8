import { ApiError } from '@quorum/client/api-error';
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { signupForm } from '@quorum/shared/schemas/users';
import type { User } from '@quorum/shared/entities/users';
import { fieldErrors } from '@quorum/shared/validation';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { PasswordField, TextField } from '../../../components/ui/text-field.tsx';
import { initialOptions, useInitialData } from '../../../lib/session/get-initial.ts';
import { useSignup } from '../../../lib/session/signup.ts';
import { usernameAvailabilityOptions } from '../api/check-username.ts';
import { CaptchaField } from './captcha-field.tsx';
import { usernameInputProps } from './username-input.ts';

type Field = 'username' | 'email' | 'password' | 'repeatPassword';
const FIELDS: Field[] = ['username', 'email', 'password', 'repeatPassword'];

/** Usernames hold letters, digits and underscores only; anything else is dropped as typed. */
function keepUsernameCharacters(value: string): string {
  return value.replace(/[^A-Za-z0-9_]/g, '').slice(0, USERNAME_MAX);
}

interface SignupFormProps {
  onSuccess: (user: User) => void;
  autoFocus?: boolean;
}

export function SignupForm({ onSuccess, autoFocus }: SignupFormProps) {
  const client = useQueryClient();
  const { signupsDisabled, captchaSiteKey } = useInitialData();
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  // A token is good for one check: a refused sign-up starts the widget afresh.
  const [captchaRound, setCaptchaRound] = useState(0);
  const [values, setValues] = useState<Record<Field, string>>({ username: '', email: '', password: '', repeatPassword: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [takenName, setTakenName] = useState<string | null>(null);
  const [closedByServer, setClosedByServer] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const repeatPasswordRef = useRef<HTMLInputElement>(null);
  const signup = useSignup();
  const disabled = signupsDisabled || closedByServer;

  const schemaErrors = fieldErrors(signupForm, { ...values, captchaToken });
  const captchaError = captchaSiteKey && submitted && !captchaToken ? Messages.captchaRequired : null;
  const errorOf = (field: Field): string | null => {
    const shown = submitted || touched[field];
    if (!shown) return null;
    const message = schemaErrors[field];
    if (message) return message;
    if (field === 'username' && takenName !== null && takenName.toLowerCase() === values.username.toLowerCase()) {
      return Messages.usernameTaken(takenName);
    }
    return null;
  };

  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value),
    onBlur: () => blur(field),
    error: errorOf(field),
  });

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: field === 'username' ? keepUsernameCharacters(value) : value }));
    setFormError(null);
  };

  const blur = (field: Field) => {
    setTouched((current) => ({ ...current, [field]: true }));
    if (field !== 'username') return;
    const name = values.username;
    if (name === '' || schemaErrors.username) return;
    client
      .fetchQuery(usernameAvailabilityOptions(name))
      .then((free) => {
        if (!free) setTakenName(name);
      })
      .catch(() => {
        // The check is a courtesy; the signup call refuses a taken name anyway.
      });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled) return;
    setSubmitted(true);
    setFormError(null);
    const firstInvalid = FIELDS.find((field) => schemaErrors[field] || (field === 'username' && takenName === values.username));
    if (firstInvalid) {
      const refs = { username: usernameRef, email: emailRef, password: passwordRef, repeatPassword: repeatPasswordRef };
      refs[firstInvalid].current?.focus();
      return;
    }
    if (captchaSiteKey && !captchaToken) return;
    signup.mutate(
      { username: values.username, email: values.email.trim(), password: values.password, captchaToken },
      {
        onSuccess: (user) => onSuccess(user),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.status === 409 && error.code === ErrorCode.usernameTaken) {
            setTakenName(values.username);
            usernameRef.current?.focus();
          } else if (error.status === 403 && error.code === ErrorCode.signupsDisabled) {
            setClosedByServer(true);
            void client.invalidateQueries({ queryKey: initialOptions().queryKey });
          } else if (error.status === 400 || (error.status === 403 && error.code === ErrorCode.ipBlocked)) {
            setFormError(error.message);
            if (error.code === ErrorCode.captchaFailed) {
              setCaptchaToken(null);
              setCaptchaRound((round) => round + 1);
            }
          }
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {disabled && (
        <p className="notice" role="status">
          {Messages.signupsDisabled}
        </p>
      )}
      <fieldset className="form__fields" disabled={disabled}>
        <TextField
          ref={usernameRef}
          label="Username"
          {...fieldProps('username')}
          {...usernameInputProps}
          maxLength={USERNAME_MAX}
          hint={`${USERNAME_MIN} to ${USERNAME_MAX} letters, digits and underscores.`}
          autoFocusOnOpen={autoFocus && !disabled}
        />
        <TextField
          ref={emailRef}
          label="Email (optional)"
          {...fieldProps('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          hint="Without an email, the account cannot be recovered if you forget your password."
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          {...fieldProps('password')}
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <PasswordField
          ref={repeatPasswordRef}
          label="Repeat password"
          {...fieldProps('repeatPassword')}
          autoComplete="new-password"
        />
        {captchaSiteKey && <CaptchaField key={captchaRound} siteKey={captchaSiteKey} onToken={setCaptchaToken} error={captchaError} />}
        <FormError message={formError} />
        <button type="submit" className="button button--primary button--block" disabled={disabled || signup.isPending} aria-busy={signup.isPending}>
          {signup.isPending ? 'Creating account…' : 'Sign up'}
        </button>
      </fieldset>
    </form>
  );
}
