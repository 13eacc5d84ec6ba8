import { ApiError } from '@quorum/client/api-error';
import { DELETE_ACCOUNT_CONFIRMATION } from '@quorum/shared/constants';
import type { User } from '@quorum/shared/entities/users';
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { PasswordField, TextField } from '../../../components/ui/text-field.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';

function DeleteAccountForm({ user, onCancel }: { user: User; onCancel: () => void }) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirmed = confirmation === DELETE_ACCOUNT_CONFIRMATION;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirmed || password === '') return;
    remove.mutate(
      { username: user.username, password },
      {
        onError: (failure) => {
          if (failure instanceof ApiError && (failure.status === 403 || failure.status === 400)) setError(failure.message);
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(null);
        }}
        error={error}
        autoFocusOnOpen
      />
      <TextField
        label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--danger" disabled={!confirmed || password === '' || remove.isPending} aria-busy={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete account'}
        </button>
      </div>
    </form>
  );
}

/** Delete account: asks for the password and the confirmation word in a dialog. */
export function DeleteAccountSection({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card settings-section settings-section--danger" aria-labelledby="settings-delete">
      <h2 id="settings-delete" className="settings-section__title">
        Delete account
      </h2>
      <p className="settings-section__note">
        Your profile, picture, email and settings are removed and you are logged out everywhere. Your posts and comments stay, shown
        as by a deleted account.
      </p>
      <div className="settings-section__actions">
        <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
          Delete account
        </button>
      </div>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Delete your account?"
        description="This cannot be undone. Enter your password to go on."
      >
        <DeleteAccountForm user={user} onCancel={() => setOpen(false)} />
      </Modal>
    </section>
  );
}
