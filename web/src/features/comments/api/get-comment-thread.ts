import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pageOfPost, type ThreadPost } from '../../../lib/thread-comments.ts';
import { commentKeys } from './keys.ts';

/**
 * GET /api/posts/{publicId}/comments/{commentId}: a permalinked comment with the comments above
 * it and its replies, for when it is not among the comments already loaded.
 */
export const commentThreadOptions = (post: ThreadPost, commentId: string) =>
  queryOptions({
    queryKey: commentKeys.thread(post.publicId, commentId),
    queryFn: async ({ signal }) => pageOfPost(await api.getCommentThread(post.publicId, commentId, signal), post),
    // A missing comment is explained in the thread, not raised as an alert.
    meta: { silent: true },
  });
