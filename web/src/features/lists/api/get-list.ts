import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { listKeys } from './keys.ts';

/** GET /api/users/{username}/lists/{listName}; a 404 is the not-found page. */
export const listOptions = (username: string, name: string) =>
  queryOptions({
    queryKey: listKeys.detail(username, name),
    queryFn: ({ signal }) => api.getList(username, name, signal),
    meta: { silent: true },
  });
