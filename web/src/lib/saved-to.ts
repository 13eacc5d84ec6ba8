// Which of the viewer's lists hold a post or a comment. The lists feature writes it (the Save to
// list modal and its outbox writes) and the posts feature reads it (the post page's Save button),
// so it lives below both.
import type { SaveTarget, SaveToListWrite } from '@quorum/client/outbox/writes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { keyRoots } from './cache/key-roots.ts';
import type { OutboxEntry } from './outbox/outbox.ts';
import { useOutboxEntries } from './outbox/use-outbox.ts';

export type { SaveTarget, SaveToListWrite };

/** Query keys of the saved marks, under the lists' root so that a change of lists reaches them. */
export const savedToKeys = {
  all: () => [...keyRoots.lists, 'saved-to'] as const,
  item: (type: SaveTarget['type'], id: string) => [...savedToKeys.all(), type, id] as const,
};

/** GET /api/lists/_saved_to: the ids of the viewer's lists that hold a post or a comment. */
export const savedToOptions = (type: SaveTarget['type'], id: string) =>
  queryOptions({
    queryKey: savedToKeys.item(type, id),
    queryFn: ({ signal }) => api.getSavedTo(id, type, signal),
  });

export const isSaveFor =
  (target: SaveTarget) =>
  (entry: OutboxEntry): entry is OutboxEntry<SaveToListWrite> =>
    entry.write.kind === 'save-to-list' &&
    (entry.write as SaveToListWrite).target.type === target.type &&
    (entry.write as SaveToListWrite).target.id === target.id;

/** The item's saves and removals waiting in the outbox, by list id. */
export function usePendingSaves(target: SaveTarget): Map<string, OutboxEntry<SaveToListWrite>> {
  const entries = useOutboxEntries();
  const pending = new Map<string, OutboxEntry<SaveToListWrite>>();
  for (const entry of entries.filter(isSaveFor(target))) pending.set(entry.write.list.id, entry);
  return pending;
}

/** The lists that hold the item: what the server said, with the saves and removals not yet sent over it. */
export function savedListIds(savedTo: readonly string[], pending: Map<string, OutboxEntry<SaveToListWrite>>): Set<string> {
  const ids = new Set(savedTo);
  for (const [listId, entry] of pending) {
    if (entry.state === 'failed') continue;
    if (entry.write.saved) ids.add(listId);
    else ids.delete(listId);
  }
  return ids;
}

/**
 * Whether the item is in any of the viewer's lists, a change made in the Save to list modal
 * included as soon as it is made. False while the server has not said (and for visitors, who
 * have no lists: pass `enabled` false).
 */
export function useIsSaved(target: SaveTarget, enabled: boolean): boolean {
  const { data } = useQuery({ ...savedToOptions(target.type, target.id), enabled });
  const pending = usePendingSaves(target);
  return enabled && savedListIds(data ?? [], pending).size > 0;
}
