import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { listKeys, type ListFilter, type ListOrder } from './keys.ts';

/** GET /api/users/{username}/lists: the owner sees private lists too. */
export const userListsOptions = (username: string, sort: ListOrder, filter: ListFilter) =>
  queryOptions({
    queryKey: listKeys.index(username, sort, filter),
    queryFn: ({ signal }) => api.getLists(username, { sort, filter }, signal),
    meta: { silent: true },
  });
