import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { writeCommunity } from '../../../lib/cache/community-cache.ts';
import { modtoolsKeys } from './keys.ts';
import { staleTimes } from '../../../lib/query-client.ts';

/** GET /api/communities/{id}/rules: the rules in their order. */
export const rulesOptions = (communityId: string) =>
  queryOptions({
    queryKey: modtoolsKeys.rules(communityId),
    queryFn: ({ signal }) => api.getRules(communityId, signal),
    meta: { persist: false },
  });

/** A change moves and renumbers other rules too, so the whole list is read again, into the community too. */
export async function refreshRules(client: QueryClient, communityId: string): Promise<void> {
  const rules = await client.fetchQuery({ ...rulesOptions(communityId), staleTime: staleTimes.queue });
  writeCommunity(client, communityId, (cached) => ({ ...cached, rules }));
}
