import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/users: every account, or those whose name or email contains `search`, newest first. */
export const usersOptions = (search = '') =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(search),
    queryFn: ({ pageParam, signal }) => api.getUsers(pageParam, signal, search),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    // While a search is typed, the last answer stays on screen instead of skeletons.
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
