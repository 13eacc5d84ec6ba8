import { COMMUNITY_NAME_MAX, COMMUNITY_REQUEST_NOTE_MAX } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import { communityRequestBody } from '@quorum/shared/schemas/communities';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Modal, ModalFormActions } from '../../../components/ui/modal.tsx';
import { CountedTextArea, TextField } from '../../../components/ui/text-field.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { requestCommunityErrorMessage, useRequestCommunity } from '../api/request-community.ts';

function RequestCommunityForm({ onClose }: { onClose: () => void }) {
  const alerts = useAlerts();
  const request = useRequestCommunity();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const serverError = request.error ? requestCommunityErrorMessage(request.error) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = v.safeParse(communityRequestBody, { name, note: note.trim() || null });
    if (!parsed.success) {
      setNameError(parsed.issues[0].message);
      return;
    }
    setNameError(null);
    request.mutate(
      parsed.output,
      {
        onSuccess: () => {
          alerts.show(Messages.communityRequested);
          onClose();
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset className="form__fields" disabled={request.isPending}>
        <FormError message={serverError} />
        <TextField
          label="Community name"
          name="name"
          value={name}
          onChange={(event) => {
            setName(event.target.value.slice(0, COMMUNITY_NAME_MAX));
            setNameError(null);
          }}
          error={nameError}
          hint={`${name.length} / ${COMMUNITY_NAME_MAX}`}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={COMMUNITY_NAME_MAX}
          autoFocusOnOpen
        />
        <CountedTextArea label="Note (optional)" value={note} onChange={setNote} maxLength={COMMUNITY_REQUEST_NOTE_MAX} rows={4} />
      </fieldset>
      <ModalFormActions onCancel={onClose} submitLabel="Request" busyLabel="Requesting…" busy={request.isPending} />
    </form>
  );
}

/**
 * "Request a community", for users without the points to create one: the admins see the request
 * and create the community or deny it.
 */
export function RequestCommunityButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Request a community
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Request a community"
        description="You don't have enough points to create a community yet. Tell the admins which one you'd like, and why."
      >
        <RequestCommunityForm onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
}
