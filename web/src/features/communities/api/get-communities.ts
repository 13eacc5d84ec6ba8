import { COMMUNITIES_PAGE_MAX } from '@quorum/shared/schemas/communities';
import type { CommunitiesPage } from '@quorum/shared/entities/communities';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys, type CommunitiesParams } from './keys.ts';

/**
 * GET /api/communities: every community in the chosen order, page by page. With search text the
 * server answers the best matches in one page instead.
 */
export const communitiesOptions = (params: CommunitiesParams) =>
  infiniteQueryOptions({
    queryKey: communityKeys.list(params),
    queryFn: ({ pageParam, signal }): Promise<CommunitiesPage> =>
      api.getCommunities(
        params.q ? { sort: params.sort, q: params.q, limit: COMMUNITIES_PAGE_MAX } : { sort: params.sort, next: pageParam },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });
