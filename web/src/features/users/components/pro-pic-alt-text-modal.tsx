import { ApiError, genericErrorMessage } from '@quorum/client/api-error';
import { ALT_TEXT_MAX } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import { useState, type FormEvent } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Modal, ModalFormActions } from '../../../components/ui/modal.tsx';
import { CountedTextArea } from '../../../components/ui/text-field.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { useSaveProPicAltText } from '../api/save-pro-pic-alt-text.ts';

function AltTextForm({ onClose }: { onClose: () => void }) {
  const alerts = useAlerts();
  const user = useSessionUser();
  const save = useSaveProPicAltText();
  const [altText, setAltText] = useState(user?.proPic?.altText ?? '');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user) return setError(Messages.noUserToUpdate);
    if (!user.proPic) return setError(Messages.noProPicToUpdate);
    setError(null);
    save.mutate(
      { userId: user.id, imageId: user.proPic.id, altText },
      {
        onSuccess: () => {
          alerts.show(Messages.altTextSaved);
          onClose();
        },
        // The picture was removed meanwhile (in another tab, say).
        onError: (failure) => setError(failure instanceof ApiError && failure.status === 404 ? Messages.noProPicToUpdate : genericErrorMessage(failure)),
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset className="form__fields" disabled={save.isPending}>
        <FormError message={error} />
        <CountedTextArea label="Alt text" value={altText} onChange={setAltText} maxLength={ALT_TEXT_MAX} rows={3} autoFocusOnOpen />
      </fieldset>
      <ModalFormActions onCancel={onClose} submitLabel="Save" busyLabel="Saving…" busy={save.isPending} />
    </form>
  );
}

/** Describes the owner's profile picture for people who cannot see it. */
export function ProPicAltTextModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Profile picture alt text" description="Describe your picture for people who use screen readers.">
      {open && <AltTextForm onClose={onClose} />}
    </Modal>
  );
}
