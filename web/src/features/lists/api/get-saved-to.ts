import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { listKeys } from './keys.ts';

/** GET /api/lists/_saved_to: the ids of the viewer's lists that hold a post or a comment. */
export const savedToOptions = (type: 'post' | 'comment', id: string) =>
  queryOptions({
    queryKey: listKeys.savedTo(type, id),
    queryFn: ({ signal }) => api.getSavedTo(id, type, signal),
  });
