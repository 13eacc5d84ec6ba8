import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/comments: the latest comments of the site, newest first, page by page. */
export const latestCommentsOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.comments(),
    queryFn: ({ pageParam, signal }) => api.getLatestComments(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { persist: false },
  });
