import type { Community } from '@quorum/shared/entities/communities';
import type { QueryClient } from '@tanstack/react-query';
import { writeEntity } from './entity-cache.ts';

export function isCommunity(value: object): value is Community {
  return 'noMembers' in value && 'name' in value && 'userJoined' in value;
}

/**
 * Replaces the community wherever it is cached: its page, the communities lists, the bootstrap
 * data and the community that came with each post.
 */
export function updateCachedCommunity(client: QueryClient, community: Community): void {
  writeEntity(client, isCommunity, community.id, (cached) => ({ ...cached, ...community }));
}

/** Changes some fields of the community wherever it is cached (its rules, its mods). */
export function patchCachedCommunity(client: QueryClient, id: string, patch: Partial<Community>): void {
  writeEntity(client, isCommunity, id, (cached) => ({ ...cached, ...patch }));
}
