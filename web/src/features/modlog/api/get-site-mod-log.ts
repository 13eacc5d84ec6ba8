import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ModLogFilters } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { modlogKeys } from './keys.ts';

/** GET /api/modlog?kind=: what admins did across the site, newest first, page by page. */
export const siteModLogOptions = (filters: Pick<ModLogFilters, 'kind'>) =>
  infiniteQueryOptions({
    queryKey: modlogKeys.site(filters),
    queryFn: ({ pageParam, signal }) => api.getSiteModLog({ next: pageParam, kind: filters.kind }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { persist: false },
  });
