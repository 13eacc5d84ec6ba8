import type { List } from '@quorum/shared/entities/lists';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { savedListIds, savedToOptions, usePendingSaves } from '../../../lib/saved-to.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { ContentTarget } from '../../../lib/content-actions.ts';
import { useInitialData } from '../../../lib/session/get-initial.ts';
import { useSaveToList } from '../api/save-to-list.ts';
import { ListForm } from './list-form-modal.tsx';
import './lists.css';

function ListChoices({ target, onNewList }: { target: ContentTarget; onNewList: () => void }) {
  const { lists } = useInitialData();
  const savedTo = useQuery(savedToOptions(target.type, target.id));
  const save = useSaveToList();
  // A save or removal waiting in the outbox shows over what the server said.
  const pending = usePendingSaves(target);
  const saved = savedListIds(savedTo.data ?? [], pending);

  return (
    <>
      {lists.length === 0 ? (
        <p className="save-lists__empty">You have no lists yet. Make one to keep this {target.type} in.</p>
      ) : (
        <ul className="save-lists" aria-busy={savedTo.isPending || undefined}>
          {lists.map((list: List) => (
            <li key={list.id} data-pending={pending.get(list.id)?.state === 'pending' || undefined}>
              <label className="save-lists__row">
                {savedTo.isPending ? (
                  <Skeleton width={18} height={18} radius={4} />
                ) : (
                  <input
                    type="checkbox"
                    className="save-lists__check"
                    checked={saved.has(list.id)}
                    onChange={(event) => save({ list, target, saved: event.target.checked })}
                  />
                )}
                <span className="save-lists__name">{list.displayName}</span>
                {pending.get(list.id)?.state === 'pending' && (
                  <span className="save-lists__waiting" title="Will be sent when you are back online.">
                    Waiting to be sent
                  </span>
                )}
                {!list.public && (
                  <span className="save-lists__private">
                    <Icon name="lock" size={14} />
                    Private
                  </span>
                )}
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onNewList}>
          <Icon name="plus" size={18} />
          New list
        </button>
      </div>
    </>
  );
}

interface SaveToListModalProps {
  target: ContentTarget | null;
  onClose: () => void;
}

/**
 * Save to list: a box per list of the user, ticked where the post or comment is saved; ticking
 * saves, unticking removes. 'New list' makes a list here and saves the item to it.
 */
export function SaveToListModal({ target, onClose }: SaveToListModalProps) {
  const [creating, setCreating] = useState(false);
  const save = useSaveToList();
  const close = () => {
    setCreating(false);
    onClose();
  };
  return (
    <Modal open={target !== null} onClose={close} title={creating ? 'New list' : 'Save to list'} focusKey={creating ? 'new' : 'choose'}>
      {target &&
        (creating ? (
          <ListForm
            onCancel={() => setCreating(false)}
            onDone={(list) => {
              setCreating(false);
              save({ list, target, saved: true });
            }}
          />
        ) : (
          <ListChoices target={target} onNewList={() => setCreating(true)} />
        ))}
    </Modal>
  );
}
