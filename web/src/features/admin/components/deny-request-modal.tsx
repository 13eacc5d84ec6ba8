import { DENY_NOTE_MAX } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import type { CommunityRequest } from '@quorum/shared/entities/community-requests';
import { useState, type FormEvent } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Modal, ModalFormActions } from '../../../components/ui/modal.tsx';
import { CountedTextArea } from '../../../components/ui/text-field.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { isAlreadyDenied, useDenyCommunityRequest } from '../api/deny-community-request.ts';

function DenyForm({ request, onClose }: { request: CommunityRequest; onClose: () => void }) {
  const alerts = useAlerts();
  const deny = useDenyCommunityRequest();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    deny.mutate(
      { id: request.id, note: note.trim() || null },
      {
        onSuccess: () => {
          alerts.show(Messages.denialSent);
          onClose();
        },
        onError: (failure) => {
          // Someone else was first: the list now shows their denial.
          if (isAlreadyDenied(failure)) {
            alerts.show(failure.message);
            onClose();
          } else {
            setError(failure.message);
          }
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset className="form__fields" disabled={deny.isPending}>
        <FormError message={error} />
        <CountedTextArea label="Note to the requester (optional)" value={note} onChange={setNote} maxLength={DENY_NOTE_MAX} rows={4} autoFocusOnOpen />
      </fieldset>
      <ModalFormActions onCancel={onClose} submitLabel="Deny" busyLabel="Denying…" busy={deny.isPending} danger />
    </form>
  );
}

/** The Deny community request modal: the requester gets a notification with the note. */
export function DenyRequestModal({ request, onClose }: { request: CommunityRequest | null; onClose: () => void }) {
  return (
    <Modal
      open={request !== null}
      onClose={onClose}
      title={request ? `Deny /${request.communityName}?` : 'Deny request'}
      description="The requester gets a notification saying so, with your note."
    >
      {request && <DenyForm request={request} onClose={onClose} />}
    </Modal>
  );
}
