import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pageOfPost, type ThreadPost } from '../../../lib/thread-comments.ts';
import { commentKeys } from './keys.ts';

/** GET /api/posts/{publicId}/comments?parentId=: every reply under a comment (flat), for 'load more replies'. */
export const repliesOptions = (post: ThreadPost, parentId: string) =>
  queryOptions({
    queryKey: commentKeys.replies(post.publicId, parentId),
    queryFn: async ({ signal }) => pageOfPost(await api.getComments(post.publicId, { parentId }, signal), post),
    // The control that asked shows the failure beside itself.
    meta: { silent: true },
  });
