import type { CommunitiesPage, Community, InitialData } from '@quorum/shared/types';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { initialOptions } from '../../../lib/session/get-initial.ts';
import { communityKeys } from './keys.ts';

function byName(a: Community, b: Community): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Writes a changed community wherever it is cached: its page, the all-communities lists and the
 * sidebar's list in the bootstrap data, which holds the communities the user joined (sorted by
 * name, as the server sends them).
 */
export function updateCachedCommunity(client: QueryClient, community: Community): void {
  client.setQueryData(communityKeys.detail(community.name), community);
  client.setQueriesData<InfiniteData<CommunitiesPage>>({ queryKey: communityKeys.lists() }, (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        communities: page.communities.map((item) => (item.id === community.id ? community : item)),
      })),
    },
  );
  client.setQueryData(initialOptions().queryKey, (initial: InitialData | undefined) => {
    if (!initial?.user) return initial;
    const others = initial.communities.filter((item) => item.id !== community.id);
    return { ...initial, communities: community.userJoined ? [...others, community].sort(byName) : others };
  });
}

/** Every cached copy of the communities, to put back if an optimistic change fails. */
export type CommunitiesSnapshot = Array<[readonly unknown[], unknown]>;

export function snapshotCommunities(client: QueryClient): CommunitiesSnapshot {
  return [...client.getQueriesData({ queryKey: communityKeys.all }), ...client.getQueriesData({ queryKey: initialOptions().queryKey })];
}

export function restoreCommunities(client: QueryClient, snapshot: CommunitiesSnapshot): void {
  for (const [key, data] of snapshot) client.setQueryData(key, data);
}
