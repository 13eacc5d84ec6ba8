import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/communities?sort=name_asc: every community by name, page by page. */
export const adminCommunitiesOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.communities(),
    queryFn: ({ pageParam, signal }) => api.getCommunities({ sort: 'name_asc', next: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { persist: false },
  });
