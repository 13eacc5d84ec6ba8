import { COMMUNITY_ABOUT_CREATE_MAX, COMMUNITY_NAME_MAX } from '@quorum/shared/constants';
import { createCommunityBody } from '@quorum/shared/schemas/communities';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { createCommunityErrorMessage, useCreateCommunity } from '../api/create-community.ts';

interface CreateCommunityModalProps {
  open: boolean;
  onClose: () => void;
}

/** Only letters, digits and underscores can be typed into a community name. */
function nameCharacters(value: string): string {
  return value.replace(/[^A-Za-z0-9_]/g, '').slice(0, COMMUNITY_NAME_MAX);
}

function CreateCommunityForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateCommunity();
  const [name, setName] = useState('');
  const [about, setAbout] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const aboutId = useId();
  const counterId = useId();
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
        {serverError && (
          <p className="form__error" role="alert">
            {serverError}
          </p>
        )}
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
        <div className="field">
          <label className="field__label" htmlFor={aboutId}>
            Description
          </label>
          <div className="field__box">
            <textarea
              id={aboutId}
              className="field__input field__textarea"
              value={about}
              onChange={(event) => setAbout(event.target.value.slice(0, COMMUNITY_ABOUT_CREATE_MAX))}
              maxLength={COMMUNITY_ABOUT_CREATE_MAX}
              rows={4}
              aria-describedby={counterId}
            />
          </div>
          <p id={counterId} className="field__hint field__counter">
            {about.length} / {COMMUNITY_ABOUT_CREATE_MAX}
          </p>
        </div>
      </fieldset>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create'}
        </button>
      </div>
    </form>
  );
}

/** The Create community modal; after creating, the new community's page opens. */
export function CreateCommunityModal({ open, onClose }: CreateCommunityModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Create community" description="Start a place for people who care about the same things you do.">
      <CreateCommunityForm onClose={onClose} />
    </Modal>
  );
}
