import { Messages } from '@quorum/shared/errors';
import { forgotPasswordBody } from '@quorum/shared/schemas/users';
import { firstIssueMessage } from '@quorum/shared/validation';
import { useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';

/** Asks for a link to set a new password; once sent, says so the same way whatever was typed. */
export function ForgotPasswordForm() {
  const [login, setLogin] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const request = useForgotPassword();
  const error = submitted ? firstIssueMessage(forgotPasswordBody, { login }) : null;

  if (request.isSuccess) {
    return (
      <p className="form__done" role="status">
        {Messages.resetLinkSent}
      </p>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (firstIssueMessage(forgotPasswordBody, { login })) {
      inputRef.current?.focus();
      return;
    }
    request.mutate({ login: login.trim() });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        ref={inputRef}
        label="Username or email"
        name="login"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={login}
        error={error}
        onChange={(event) => setLogin(event.target.value)}
      />
      <button type="submit" className="button button--primary button--block" disabled={request.isPending} aria-busy={request.isPending}>
        Send link
      </button>
    </form>
  );
}
