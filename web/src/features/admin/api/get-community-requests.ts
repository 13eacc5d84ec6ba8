import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';
import { staleTimes } from '../../../lib/query-client.ts';

/** GET /api/community_requests: the requests, newest first, page by page. */
export const communityRequestsOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.communityRequests(),
    queryFn: ({ pageParam, signal }) => api.getCommunityRequests(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    // A request may have been acted on elsewhere (a community created by that name) a moment ago.
    staleTime: staleTimes.queue,
    meta: { persist: false },
  });
