import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { postKeys } from './keys.ts';

/** GET /api/posts/{publicId}: the post with its first page of comments. */
export const postOptions = (publicId: string) =>
  queryOptions({
    queryKey: postKeys.detail(publicId),
    queryFn: ({ signal }) => api.getPost(publicId, signal),
    // A missing post is shown as the not-found page, not raised as an alert.
    meta: { silent: true },
  });
