import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/ipblocks: the blocks, newest first, page by page. */
export const ipBlocksOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.ipBlocks(),
    queryFn: ({ pageParam, signal }) => api.getIpBlocks(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { persist: false },
  });
