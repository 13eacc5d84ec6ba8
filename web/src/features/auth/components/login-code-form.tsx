import type { User } from '@quorum/shared/entities/users';
import { codeBody } from '@quorum/shared/schemas/two-step';
import { firstIssueMessage } from '@quorum/shared/validation';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isLoginExpired, loginCodeErrorMessage, useLoginCode } from '../../../lib/session/login.ts';

interface LoginCodeFormProps {
  onSuccess: (user: User) => void;
  /** The sign-in waiting for the code is gone (too slow, or too many wrong codes): the password is needed again. */
  onExpired: (message: string) => void;
  /** A way back, under the form (to the password, on the login form). */
  back?: ReactNode;
}

/**
 * The second step of a login with two-step sign-in: the code from the authenticator app, or one of
 * the backup codes. Phones show a keypad of digits for the app's code, and a full keyboard for
 * a backup code once asked for.
 */
export function LoginCodeForm({ onSuccess, onExpired, back }: LoginCodeFormProps) {
  const [code, setCode] = useState('');
  const [backupCode, setBackupCode] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const loginCode = useLoginCode();
  const errorId = useId();

  useEffect(() => inputRef.current?.focus(), []);

  const validationError = submitted ? firstIssueMessage(codeBody, { code }) : null;
  const error = validationError ?? serverError;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (firstIssueMessage(codeBody, { code })) {
      inputRef.current?.focus();
      return;
    }
    loginCode.mutate(
      { code },
      {
        onSuccess: (user) => onSuccess(user),
        onError: (failure) => {
          const message = loginCodeErrorMessage(failure);
          if (message && isLoginExpired(failure)) {
            onExpired(message);
            return;
          }
          setServerError(message);
          inputRef.current?.select();
        },
      },
    );
  };

  const switchKeyboard = () => {
    setBackupCode((value) => !value);
    inputRef.current?.focus();
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
      <p className="muted">Enter the 6-digit code your authenticator app shows for Quorum.</p>
      <TextField
        ref={inputRef}
        label="Code"
        name="code"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setServerError(null);
        }}
        autoComplete="one-time-code"
        inputMode={backupCode ? 'text' : 'numeric'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={40}
        placeholder={backupCode ? 'abcd-efgh-ij' : undefined}
        hint={backupCode ? 'One of the backup codes you saved when you turned two-step sign-in on. Each works once.' : 'Lost your phone? Enter one of your backup codes.'}
      />
      <p className="form__aside">
        <button type="button" className="link-button" onClick={switchKeyboard}>
          {backupCode ? 'Use the code from your app' : 'Use a backup code'}
        </button>
      </p>
      {error && (
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={loginCode.isPending} aria-busy={loginCode.isPending}>
        Verify
      </button>
      {back}
    </form>
  );
}
