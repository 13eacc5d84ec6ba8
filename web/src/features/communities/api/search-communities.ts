import { COMMUNITY_SUGGESTIONS_LIMIT } from '@quorum/shared/constants';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';
import { staleTimes } from '../../../lib/query-client.ts';

/**
 * GET /api/communities?sort=size&limit=10&q=: community suggestions for a search text, best match
 * first. Without text, the largest communities.
 */
export const communitySuggestionsOptions = (q: string) =>
  queryOptions({
    queryKey: communityKeys.suggestions(q),
    queryFn: async ({ signal }) => {
      const page = await api.getCommunities({ sort: 'size', limit: COMMUNITY_SUGGESTIONS_LIMIT, q: q || undefined }, signal);
      return page.communities;
    },
    staleTime: staleTimes.lookup,
    // The picker says so itself when suggestions cannot load.
    meta: { silent: true },
  });
