import type { Community } from '@quorum/shared/entities/communities';
import type { InitialData } from '@quorum/shared/entities/site';
import type { QueryClient } from '@tanstack/react-query';
import { updateCachedCommunity as writeCommunity } from '../../../lib/cache/community-cache.ts';
import { initialOptions } from '../../../lib/session/get-initial.ts';
import { communityKeys } from './keys.ts';

function byName(a: Community, b: Community): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Writes a changed community wherever it is cached (its page, the lists, the community that came
 * with each post: see the community cache writer) and keeps the sidebar's list in the bootstrap
 * data, which holds the communities the user joined (sorted by name, as the server sends them).
 */
export function updateCachedCommunity(client: QueryClient, community: Community): void {
  writeCommunity(client, community);
  if (client.getQueryData(communityKeys.detail(community.name)) === undefined) {
    client.setQueryData(communityKeys.detail(community.name), community);
  }
  client.setQueryData(initialOptions().queryKey, (initial: InitialData | undefined) => {
    if (!initial?.user) return initial;
    const others = initial.communities.filter((item) => item.id !== community.id);
    return { ...initial, communities: community.userJoined ? [...others, community].sort(byName) : others };
  });
}
