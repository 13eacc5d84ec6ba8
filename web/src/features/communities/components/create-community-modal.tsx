import { COMMUNITY_ABOUT_CREATE_MAX, COMMUNITY_NAME_MAX } from '@quorum/shared/constants';
import { createCommunityBody } from '@quorum/shared/schemas/communities';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Modal, ModalFormActions } from '../../../components/ui/modal.tsx';
import { CountedTextArea, TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useInitialData } from '../../../lib/session/get-initial.ts';
import { createCommunityErrorMessage, useCreateCommunity } from '../api/create-community.ts';

interface CreateCommunityModalProps {
  open: boolean;
  onClose: () => void;
  /** The name filled in when the form opens (an admin creating a requested community). */
  initialName?: string;
}

/** Only letters, digits and underscores can be typed into a community name. */
function nameCharacters(value: string): string {
  return value.replace(/[^A-Za-z0-9_]/g, '').slice(0, COMMUNITY_NAME_MAX);
}

function CreateCommunityForm({ onClose, initialName = '' }: { onClose: () => void; initialName?: string }) {
  const navigate = useNavigate();
  const create = useCreateCommunity();
  const [name, setName] = useState(() => nameCharacters(initialName));
  const [about, setAbout] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const serverError = create.error ? createCommunityErrorMessage(create.error) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = v.safeParse(createCommunityBody, { name, about: about.trim() || null });
    if (!parsed.success) {
      setNameError(parsed.issues[0].message);
      return;
    }
    setNameError(null);
    create.mutate(parsed.output, {
      onSuccess: (community) => {
        onClose();
        navigate(paths.community.getHref(community.name));
      },
    });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset className="form__fields" disabled={create.isPending}>
        <FormError message={serverError} />
        <TextField
          label="Name"
          name="name"
          value={name}
          onChange={(event) => {
            setName(nameCharacters(event.target.value));
            setNameError(null);
          }}
          error={nameError}
          hint={`3 to ${COMMUNITY_NAME_MAX} letters, digits or underscores. It can't be changed later.`}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={COMMUNITY_NAME_MAX}
          autoFocusOnOpen
        />
        <CountedTextArea label="Description" value={about} onChange={setAbout} maxLength={COMMUNITY_ABOUT_CREATE_MAX} rows={4} />
      </fieldset>
      <ModalFormActions onCancel={onClose} submitLabel="Create" busyLabel="Creating…" busy={create.isPending} />
    </form>
  );
}

/** Said before the form when the user has fewer points than the site asks for (admins need none). */
function NotEnoughPoints({ needed, points, onClose }: { needed: number; points: number; onClose: () => void }) {
  return (
    <>
      <p className="notice" role="note">
        You need at least {needed} points to create a community. You have {points}. You earn points when others upvote your
        posts and comments.
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          OK
        </button>
      </div>
    </>
  );
}

/**
 * The Create community modal; after creating, the new community's page opens. A user without
 * the points the site asks for learns so before filling anything in.
 */
export function CreateCommunityModal({ open, onClose, initialName }: CreateCommunityModalProps) {
  const { user, communityCreateReqPoints } = useInitialData();
  const lacksPoints = user !== null && !user.isAdmin && user.points < communityCreateReqPoints;
  return (
    <Modal open={open} onClose={onClose} title="Create community" description="Start a place for people who care about the same things you do.">
      {lacksPoints ? (
        <NotEnoughPoints needed={communityCreateReqPoints} points={user.points} onClose={onClose} />
      ) : (
        <CreateCommunityForm onClose={onClose} initialName={initialName} />
      )}
    </Modal>
  );
}
