import type { Community } from '@quorum/shared/entities/communities';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

/** GET /api/communities/{name}?byName=true: the community with its mods and rules. */
export const communityOptions = (name: string) =>
  queryOptions({
    queryKey: communityKeys.detail(name),
    queryFn: ({ signal }) => api.getCommunityByName(name, signal),
    // A missing community is shown as the not-found page, not raised as an alert.
    meta: { silent: true },
  });

/** Puts a community a write answered on its page when that is not cached yet, so the page opens at once. */
export function seedCommunity(client: QueryClient, community: Community): void {
  const { queryKey } = communityOptions(community.name);
  if (client.getQueryData(queryKey) === undefined) client.setQueryData(queryKey, community);
}
