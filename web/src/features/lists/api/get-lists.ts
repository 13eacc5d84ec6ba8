import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { listKeys, type ListFilter, type ListOrder } from './keys.ts';

/** GET /api/users/{username}/lists: the owner sees private lists too. */
export const userListsOptions = (username: string, sort: ListOrder, filter: ListFilter) =>
  queryOptions({
    queryKey: listKeys.index(username, sort, filter),
    queryFn: ({ signal }) => api.getLists(username, { sort, filter }, signal),
    meta: { silent: true },
  });

/** GET /api/users/{username}/lists/{listName}; a 404 is the not-found page. */
export const listOptions = (username: string, name: string) =>
  queryOptions({
    queryKey: listKeys.detail(username, name),
    queryFn: ({ signal }) => api.getList(username, name, signal),
    meta: { silent: true },
  });

/** GET …/lists/{listName}/items: the latest added first, page by page. */
export const listItemsOptions = (username: string, name: string) =>
  infiniteQueryOptions({
    queryKey: listKeys.items(username, name),
    queryFn: ({ pageParam, signal }) => api.getListItems(username, name, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { silent: true },
  });

/** GET /api/lists/_saved_to: the ids of the viewer's lists that hold a post or a comment. */
export const savedToOptions = (type: 'post' | 'comment', id: string) =>
  queryOptions({
    queryKey: listKeys.savedTo(type, id),
    queryFn: ({ signal }) => api.getSavedTo(id, type, signal),
  });
