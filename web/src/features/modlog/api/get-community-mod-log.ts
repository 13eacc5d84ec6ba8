import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ModLogFilters } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { modlogKeys } from './keys.ts';

/** GET /api/communities/{id}/modlog?kind=&mod=: what the community's mods (and admins) did, newest first, page by page. */
export const communityModLogOptions = (communityId: string, filters: ModLogFilters) =>
  infiniteQueryOptions({
    queryKey: modlogKeys.community(communityId, filters),
    queryFn: ({ pageParam, signal }) => api.getCommunityModLog(communityId, { next: pageParam, kind: filters.kind, mod: filters.mod }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { persist: false },
  });
