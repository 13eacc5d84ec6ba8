import type { User } from '@quorum/shared/entities/users';
import { useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { passkeyErrorMessage, usePasskeySignIn, usePasskeysSupported } from '../../../lib/passkeys.ts';
import './passkey-sign-in.css';

interface PasskeySignInProps {
  onSuccess: (user: User) => void;
}

type Outcome = { kind: 'note' | 'error'; text: string } | null;

/**
 * "Sign in with a passkey", under the login form: the browser offers the passkeys it holds for
 * the site, and the one chosen logs the member in as their password would. Hidden where the
 * browser has no passkeys.
 */
export function PasskeySignIn({ onSuccess }: PasskeySignInProps) {
  const supported = usePasskeysSupported();
  const signIn = usePasskeySignIn();
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!supported) return null;

  const onClick = () => {
    setOutcome(null);
    signIn.mutate(undefined, {
      onSuccess: (user) => {
        if (user) onSuccess(user);
        else setOutcome({ kind: 'note', text: 'No passkey was used. You can log in with your password instead.' });
      },
      onError: (error) => setOutcome({ kind: 'error', text: passkeyErrorMessage(error) }),
    });
  };

  return (
    <div className="passkey-sign-in">
      <p className="passkey-sign-in__or" aria-hidden="true">
        <span>or</span>
      </p>
      <button type="button" className="button button--block" onClick={onClick} disabled={signIn.isPending} aria-busy={signIn.isPending}>
        {signIn.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
      {outcome?.kind === 'error' ? (
        <FormError message={outcome.text} />
      ) : (
        <p className="passkey-sign-in__note muted" role="status">
          {outcome?.text}
        </p>
      )}
    </div>
  );
}
