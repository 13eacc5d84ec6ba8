import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads a list again from its first page, for the newest items on top: the pages after it are
 * dropped rather than read again one by one (they load again as the list is scrolled). Rejects
 * when the read failed.
 */
export async function refetchFirstPage(client: QueryClient, queryKey: QueryKey): Promise<void> {
  client.setQueryData<InfiniteData<unknown>>(queryKey, (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) });
  await client.refetchQueries({ queryKey, exact: true }, { throwOnError: true });
}
