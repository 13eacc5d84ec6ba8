import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/users: every account, newest first, page by page. */
export const usersOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(),
    queryFn: ({ pageParam, signal }) => api.getUsers(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { persist: false },
  });
