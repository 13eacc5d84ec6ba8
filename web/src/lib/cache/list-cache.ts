import type { List } from '@quorum/shared/entities/lists';
import type { QueryClient } from '@tanstack/react-query';
import { writeEntity } from './entity-cache.ts';

export function isList(value: object): value is List {
  return 'numItems' in value && 'displayName' in value && 'lastUpdatedAt' in value;
}

/**
 * Writes a changed list over every cached copy: its page, the owner's lists on their profile and
 * the viewer's own lists in the bootstrap data (the sidebar and the Save modal read them).
 */
export function updateCachedList(client: QueryClient, list: List): void {
  writeEntity(client, isList, list.id, (cached) => ({ ...cached, ...list }));
}
