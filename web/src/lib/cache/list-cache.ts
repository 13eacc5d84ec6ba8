import type { List } from '@quorum/shared/entities/lists';
import type { InitialData } from '@quorum/shared/entities/site';
import type { QueryClient } from '@tanstack/react-query';
import { initialOptions } from '../session/get-initial.ts';
import { writeEntity, resolveWrite, type EntityWrite } from './entity-cache.ts';

export function isList(value: object): value is List {
  return 'numItems' in value && 'displayName' in value && 'lastUpdatedAt' in value;
}

/** Changes the viewer's own lists in the bootstrap data (the sidebar and the Save modal read them). */
export function setOwnLists(client: QueryClient, update: (lists: List[]) => List[]): void {
  client.setQueryData(initialOptions().queryKey, (initial: InitialData | undefined) => initial && { ...initial, lists: update(initial.lists) });
}

/**
 * Writes the list wherever it is cached: its page, the owner's lists on their profile and the
 * viewer's own lists. An answer for a list of the viewer goes first among their own lists, as the
 * server sends them latest changed first.
 */
export function writeList(client: QueryClient, ...write: EntityWrite<List>): void {
  writeEntity(client, isList, ...resolveWrite(write, (cached, list) => ({ ...cached, ...list })));
  if (write.length === 2) return;
  const [list] = write;
  if (client.getQueryData(initialOptions().queryKey)?.user?.id !== list.userId) return;
  setOwnLists(client, (lists) => [list, ...lists.filter((other) => other.id !== list.id)]);
}
