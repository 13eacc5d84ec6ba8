import type { List } from '@quorum/shared/entities/lists';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isSaveFor, type SaveTarget, type SaveToListWrite } from '../../../lib/saved-to.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import {
  discardWrite,
  outboxSnapshot,
  writeMutationKey,
  type OutboxEntry,
  type SubmitResult,
  type WriteKind,
  type WriteVariables,
} from '../../../lib/outbox/outbox.ts';
import { useOutboxEntries } from '../../../lib/outbox/use-outbox.ts';
import { setSavedTo, storeList } from './lists-cache.ts';
import { listKeys } from './keys.ts';

/** POST or DELETE /api/lists/{id}/items; the answer is the changed list, and the item's saved marks follow. */
export const saveToListWrite: WriteKind<SaveToListWrite, List> = {
  apply: (client, { list, target, saved }, updated) => {
    storeList(client, updated);
    setSavedTo(client, target, list.id, saved);
    void client.invalidateQueries({ queryKey: listKeys.items(list.username, list.name) });
  },
  describe: ({ list, target, saved }) => `${saved ? 'Saving a' : 'Removing a'} ${target.type} ${saved ? 'to' : 'from'} ${list.displayName}`,
};

/** The ids of the items of a list whose removal waits in the outbox: the list page no longer shows them. */
export function usePendingRemovals(listId: string): Set<string> {
  const entries = useOutboxEntries();
  const removals = new Set<string>();
  for (const entry of entries as Array<OutboxEntry<SaveToListWrite>>) {
    if (entry.write.kind === 'save-to-list' && entry.write.list.id === listId && !entry.write.saved && entry.state !== 'failed') removals.add(entry.write.target.id);
  }
  return removals;
}

/**
 * Saves to a list or takes out of it through the outbox, with 'Saved to {list}' or 'Removed from
 * {list}' once the server has it. Offline the change waits (pending, shown over the saved marks)
 * and is sent when the network returns; a save and a removal made while offline cancel each other out.
 */
export function useSaveToList() {
  const alerts = useAlerts();
  const { mutate } = useMutation<SubmitResult<List>, Error, WriteVariables<SaveToListWrite>>({
    mutationKey: writeMutationKey('save-to-list'),
    onSuccess: (result, { write: { saved } }) => {
      if (!result.sent) return;
      alerts.show(saved ? `Saved to ${result.answer.displayName}` : `Removed from ${result.answer.displayName}`);
    },
  });
  return useCallback(
    ({ list, target, saved }: { list: List; target: SaveTarget; saved: boolean }) => {
      const pending = outboxSnapshot()
        .filter(isSaveFor(target))
        .find((entry) => entry.write.list.id === list.id);
      if (pending?.state === 'sending') return;
      // A waiting write always changes what the server has, so its opposite takes it back.
      if (pending?.state === 'pending' && pending.write.saved !== saved) {
        void discardWrite(pending.key);
        return;
      }
      const write: SaveToListWrite = {
        kind: 'save-to-list',
        list: { id: list.id, username: list.username, name: list.name, displayName: list.displayName },
        target,
        saved,
      };
      mutate({ write, replaces: pending?.key });
    },
    [mutate],
  );
}
