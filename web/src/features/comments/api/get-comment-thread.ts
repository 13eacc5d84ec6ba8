import type { Post } from '@quorum/shared/entities/posts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { commentKeys } from './keys.ts';

/**
 * GET /api/posts/{publicId}/comments/{commentId}: a permalinked comment with the comments above
 * it and its replies, for when it is not among the comments already loaded.
 */
export const commentThreadOptions = (post: Pick<Post, 'publicId'>, commentId: string) =>
  queryOptions({
    queryKey: commentKeys.thread(post.publicId, commentId),
    queryFn: ({ signal }) => api.getCommentThread(post.publicId, commentId, signal),
    // A missing comment is explained in the thread, not raised as an alert.
    meta: { silent: true },
  });
