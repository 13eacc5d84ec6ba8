import { RECENT_CHECK_MINUTES } from '@quorum/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { passkeyErrorMessage, passkeysOptions, useConfirmWithPasskey, usePasskeysSupported } from '../../lib/passkeys.ts';
import { useReauth } from '../../lib/session/recent-check.ts';
import { Modal } from '../ui/modal.tsx';
import { PasswordForm } from '../ui/password-form.tsx';
import { ConfirmIdentityContext } from './confirm-identity-context.ts';

/** "Use a passkey instead", for a member with passkeys in a browser that can use them. */
function PasskeyOption({ onConfirmed, onError }: { onConfirmed: () => void; onError: (message: string) => void }) {
  const supported = usePasskeysSupported();
  const passkeys = useQuery({ ...passkeysOptions(), enabled: supported });
  const check = useConfirmWithPasskey();
  if (!supported || !passkeys.data?.passkeys.length) return null;
  return (
    <button
      type="button"
      className="button button--ghost button--block"
      disabled={check.isPending}
      aria-busy={check.isPending}
      onClick={() =>
        check.mutate(undefined, {
          onSuccess: (confirmed) => confirmed && onConfirmed(),
          onError: (failure) => onError(passkeyErrorMessage(failure)),
        })
      }
    >
      Use a passkey instead
    </button>
  );
}

function ConfirmIdentityForm({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const reauth = useReauth();
  return (
    <PasswordForm
      submit={(password, { onError }) => reauth.mutate({ password }, { onSuccess: onConfirmed, onError })}
      busy={reauth.isPending}
      submitLabel="Confirm"
      onCancel={onCancel}
      extra={(showError) => <PasskeyOption onConfirmed={onConfirmed} onError={showError} />}
    />
  );
}

/**
 * Gives the screens a way to ask the member to prove who they are (useRecentCheck), in one dialog
 * shown above everything.
 */
export function ConfirmIdentityProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const finish = (confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    setOpen(false);
  };

  return (
    <ConfirmIdentityContext.Provider value={ask}>
      {children}
      <Modal
        open={open}
        onClose={() => finish(false)}
        title="Confirm it's you"
        description={`For your security, enter your password again (or use a passkey) before this change. You will not be asked again for ${RECENT_CHECK_MINUTES} minutes.`}
      >
        <ConfirmIdentityForm onConfirmed={() => finish(true)} onCancel={() => finish(false)} />
      </Modal>
    </ConfirmIdentityContext.Provider>
  );
}
