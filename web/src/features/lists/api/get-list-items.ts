import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { listKeys } from './keys.ts';

/** GET …/lists/{listName}/items: the latest added first, page by page. */
export const listItemsOptions = (username: string, name: string) =>
  infiniteQueryOptions({
    queryKey: listKeys.items(username, name),
    queryFn: ({ pageParam, signal }) => api.getListItems(username, name, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { silent: true },
  });
