import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/analytics/bss: the hourly site statistics, newest first, page by page. */
export const bssEventsOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.bssEvents(),
    queryFn: ({ pageParam, signal }) => api.getBssEvents(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { persist: false },
  });
