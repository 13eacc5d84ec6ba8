import { Messages } from '@quorum/shared/errors';
import { blockAddressText, parseBlockAddress } from '@quorum/shared/ip-blocks';
import type { User } from '@quorum/shared/entities/users';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Modal, ModalFormActions } from '../../../components/ui/modal.tsx';
import { ReasonField } from '../../../components/ui/reason-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { useBanUser } from '../api/ban-user.ts';
import { useUnbanUser } from '../api/unban-user.ts';
import { userAdminsViewOptions } from '../api/get-user.ts';

/** Deleting everything the user wrote first asks for their name, typed out (in any case). */
function ConfirmByName({ user, busy, onBack, onConfirm }: { user: User; busy: boolean; onBack: () => void; onConfirm: () => void }) {
  const alerts = useAlerts();
  const [typed, setTyped] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed.trim().toLowerCase() !== user.username.toLowerCase()) {
      alerts.show(Messages.usernamesDoNotMatch);
      return;
    }
    onConfirm();
  };
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p>
        All of @{user.username}'s posts and comments will be deleted. This can't be undone. Type <strong>{user.username}</strong> to
        confirm.
      </p>
      <TextField
        label="Username"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        autoFocusOnOpen
      />
      <ModalFormActions onCancel={onBack} cancelLabel="Back" submitLabel="Ban and delete" busy={busy} danger />
    </form>
  );
}

type LastAddress = { state: 'loading' | 'failed' | 'unknown' } | { state: 'known'; range: string; ipv6: boolean };

/** The range a ban's "Also block their last address" blocks, from the admins' view of the user. */
function useLastAddress(user: User): LastAddress {
  const details = useQuery(userAdminsViewOptions(user.username));
  if (details.isError) return { state: 'failed' };
  if (!details.data) return { state: 'loading' };
  const address = details.data.lastSeenIP ?? details.data.createdIP;
  const range = address ? parseBlockAddress(address) : null;
  if (!range) return { state: 'unknown' };
  return { state: 'known', range: blockAddressText(range), ipv6: range.ip.includes(':') };
}

const lastAddressHint: Record<Exclude<LastAddress['state'], 'known'>, string> = {
  loading: 'Finding their last address…',
  failed: "Their last address couldn't be loaded.",
  unknown: 'No address is known for this user.',
};

function BlockAddressOption({ lastAddress, checked, onChange }: { lastAddress: LastAddress; checked: boolean; onChange: (checked: boolean) => void }) {
  const checkboxId = useId();
  const hintId = useId();
  const hint =
    lastAddress.state === 'known'
      ? `Blocks ${lastAddress.range}${lastAddress.ipv6 ? ', the /64 their IPv6 address is in,' : ''} from making changes until the block is cancelled.`
      : lastAddressHint[lastAddress.state];
  return (
    <div className="field">
      <label className="checkbox-row" htmlFor={checkboxId}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={checked}
          disabled={lastAddress.state === 'unknown'}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.checked)}
        />
        Also block their last address
      </label>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
    </div>
  );
}

function BanDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const ban = useBanUser();
  const [deleteContent, setDeleteContent] = useState(false);
  const lastAddress = useLastAddress(user);
  const [wantsBlock, setWantsBlock] = useState(false);
  const blockAddress = wantsBlock && lastAddress.state !== 'unknown';
  const [step, setStep] = useState<'ask' | 'confirm-name'>('ask');
  const [reason, setReason] = useState('');
  const checkboxId = useId();
  const submit = () =>
    ban.mutate(
      { username: user.username, deleteContentDays: deleteContent ? 0 : undefined, blockLastAddress: blockAddress || undefined, reason },
      { onSettled: onClose },
    );

  return (
    <Modal
      open
      onClose={onClose}
      title={`Ban @${user.username}?`}
      description="They will be logged out everywhere and can't log in until they are unbanned."
      focusKey={step}
    >
      {step === 'ask' ? (
        <>
          <div className="form__fields">
            <label className="checkbox-row" htmlFor={checkboxId}>
              <input id={checkboxId} type="checkbox" checked={deleteContent} onChange={(event) => setDeleteContent(event.target.checked)} />
              Delete all of the user's posts and comments
            </label>
            <BlockAddressOption lastAddress={lastAddress} checked={blockAddress} onChange={setWantsBlock} />
            <ReasonField value={reason} onChange={setReason} />
          </div>
          <div className="modal__actions">
            <button type="button" className="button button--ghost" onClick={onClose} data-autofocus>
              Cancel
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={ban.isPending}
              onClick={() => (deleteContent ? setStep('confirm-name') : submit())}
            >
              {deleteContent ? 'Continue' : 'Ban'}
            </button>
          </div>
        </>
      ) : (
        <ConfirmByName user={user} busy={ban.isPending} onBack={() => setStep('ask')} onConfirm={submit} />
      )}
    </Modal>
  );
}

function UnbanDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const unban = useUnbanUser();
  return (
    <ConfirmDialog
      open
      title={`Unban @${user.username}?`}
      description="They will be able to log in again."
      confirmLabel="Unban"
      busy={unban.isPending}
      onConfirm={() => unban.mutate({ username: user.username }, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}

/**
 * The site ban flow for admins (spec 1 §4, Ban flow): a ban may also delete everything the user
 * wrote, which takes typing their name, and block the address they were last seen from; an unban
 * only asks to confirm.
 */
export function BanUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  // Decided once: the user reloads as banned while the ban's dialog is still closing.
  const [wasBanned] = useState(user.isBanned);
  return wasBanned ? <UnbanDialog user={user} onClose={onClose} /> : <BanDialog user={user} onClose={onClose} />;
}
