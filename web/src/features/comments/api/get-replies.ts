import type { Post } from '@quorum/shared/entities/posts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { commentKeys } from './keys.ts';

/** GET /api/posts/{publicId}/comments?parentId=: every reply under a comment (flat), for 'load more replies'. */
export const repliesOptions = (post: Pick<Post, 'publicId'>, parentId: string) =>
  queryOptions({
    queryKey: commentKeys.replies(post.publicId, parentId),
    queryFn: ({ signal }) => api.getComments(post.publicId, { parentId }, signal),
    // The control that asked shows the failure beside itself.
    meta: { silent: true },
  });
