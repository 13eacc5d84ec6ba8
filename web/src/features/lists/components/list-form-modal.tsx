import { LIST_DESCRIPTION_MAX, LIST_DISPLAY_NAME_MAX, LIST_NAME_MAX } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import { listBody } from '@quorum/shared/schemas/lists';
import type { List } from '@quorum/shared/entities/lists';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SwitchField } from '../../../components/ui/switch.tsx';
import { CountedTextArea, TextField } from '../../../components/ui/text-field.tsx';
import { useInitialData } from '../../../lib/session/get-initial.ts';
import { findCreatedList, listFormError, useCreateList } from '../api/create-list.ts';
import { useUpdateList } from '../api/update-list.ts';

/** Only letters, digits, dashes and underscores can be typed into a list's name (its address). */
function slugCharacters(value: string): string {
  return value.replace(/\s+/g, '-').replace(/[^A-Za-z0-9_-]/g, '').slice(0, LIST_NAME_MAX);
}

interface ListFormProps {
  /** The list to edit; none creates one. */
  list?: List;
  onDone: (list: List) => void;
  onCancel: () => void;
}

/** The fields of a list. A name the user already gave another list is refused when the field is left. */
export function ListForm({ list, onDone, onCancel }: ListFormProps) {
  const { user, lists } = useInitialData();
  const create = useCreateList();
  const update = useUpdateList();
  const [name, setName] = useState(list?.name ?? '');
  const [displayName, setDisplayName] = useState(list?.displayName ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [isPublic, setIsPublic] = useState(list?.public ?? false);
  const [nameError, setNameError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const serverError = failure ? listFormError(failure) : null;

  const takenMessage = (value: string): string | null => {
    if (value === '' || value.toLowerCase() === list?.name.toLowerCase()) return null;
    return lists.some((other) => other.name.toLowerCase() === value.toLowerCase()) ? Messages.listExists(value) : null;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = v.safeParse(listBody, { name, displayName: displayName.trim() || null, description: description.trim() || null, public: isPublic });
    const error = parsed.success ? takenMessage(parsed.output.name) : parsed.issues[0].message;
    if (error || !parsed.success) {
      setNameError(error);
      return;
    }
    setNameError(null);
    if (list) update.mutate({ list, changes: parsed.output }, { onSuccess: onDone });
    else if (user) {
      const { name } = parsed.output;
      create.mutate(
        { username: user.username, body: parsed.output },
        {
          onSuccess: (ownLists) => {
            const created = findCreatedList(ownLists, name);
            if (created) onDone(created);
          },
        },
      );
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset className="form__fields" disabled={pending}>
        <FormError message={serverError} />
        <TextField
          label="Name"
          name="name"
          value={name}
          onChange={(event) => {
            setName(slugCharacters(event.target.value));
            setNameError(null);
          }}
          onBlur={() => setNameError(takenMessage(name))}
          error={nameError}
          hint={`Part of the list's address: letters, digits, dashes and underscores, up to ${LIST_NAME_MAX}.`}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={LIST_NAME_MAX}
          autoFocusOnOpen
        />
        <TextField
          label="Display name (optional)"
          name="displayName"
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value.slice(0, LIST_DISPLAY_NAME_MAX))}
          maxLength={LIST_DISPLAY_NAME_MAX}
          hint="Shown as the list's title. Without one, the name is."
          autoComplete="off"
        />
        <CountedTextArea label="Description (optional)" value={description} onChange={setDescription} maxLength={LIST_DESCRIPTION_MAX} />
        <SwitchField
          label="Public"
          description="Anyone can see a public list. Only you can see a private one."
          checked={isPublic}
          onChange={setIsPublic}
        />
      </fieldset>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={pending}>
          {list ? (pending ? 'Saving…' : 'Save') : pending ? 'Creating…' : 'Create'}
        </button>
      </div>
    </form>
  );
}

interface ListFormModalProps {
  open: boolean;
  list?: List;
  onClose: () => void;
  onDone?: (list: List) => void;
}

/** The Create list and Edit list modals. */
export function ListFormModal({ open, list, onClose, onDone }: ListFormModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={list ? 'Edit list' : 'New list'}>
      <ListForm
        list={list}
        onCancel={onClose}
        onDone={(saved) => {
          onClose();
          onDone?.(saved);
        }}
      />
    </Modal>
  );
}
