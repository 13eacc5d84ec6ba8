import { DEFAULT_LIST_FILTER, DEFAULT_LIST_ORDER } from '@quorum/shared/constants';
import type { List } from '@quorum/shared/entities/lists';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { setOwnLists, writeList } from '../../../lib/cache/list-cache.ts';
import { listKeys } from './keys.ts';

/**
 * A new or changed list of the viewer: written over every copy, put on its page when that is not
 * cached yet, and the owner's lists read again.
 */
export function storeList(client: QueryClient, list: List): void {
  writeList(client, list);
  const detail = listKeys.detail(list.username, list.name);
  if (client.getQueryData(detail) === undefined) client.setQueryData(detail, list);
  void client.invalidateQueries({ queryKey: listKeys.ofUser(list.username) });
}

/**
 * All the viewer's lists as creating one answers them (latest changed first): they replace the
 * lists of the bootstrap data and the owner's index in the default order and filter; the indexes
 * in other orders and filters, and the lists' pages, are read again.
 */
export function storeOwnLists(client: QueryClient, username: string, lists: List[]): void {
  setOwnLists(client, () => lists);
  const answered = listKeys.index(username, DEFAULT_LIST_ORDER, DEFAULT_LIST_FILTER);
  client.setQueryData(answered, lists);
  void client.invalidateQueries({ queryKey: listKeys.ofUser(username), predicate: (query) => query.queryHash !== hashKey(answered) });
}

/** The viewer's lists that hold a post or a comment, with `listId` put in or taken out. */
export function setSavedTo(client: QueryClient, target: { type: 'post' | 'comment'; id: string }, listId: string, saved: boolean): void {
  client.setQueryData<string[]>(listKeys.savedTo(target.type, target.id), (ids) => {
    if (!ids) return ids;
    const others = ids.filter((id) => id !== listId);
    return saved ? [...others, listId] : others;
  });
}
