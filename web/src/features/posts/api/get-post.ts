import type { Post } from '@quorum/shared/types';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { commentsOfPost } from '../../../lib/thread-comments.ts';
import { postKeys } from './keys.ts';

/**
 * GET /api/posts/{publicId}: the post with its first page of comments. Those are kept whole, as
 * every other cached comment is, so that the comment cache writers find them too.
 */
export const postOptions = (publicId: string) =>
  queryOptions({
    queryKey: postKeys.detail(publicId),
    queryFn: async ({ signal }): Promise<Post> => {
      const post = await api.getPost(publicId, signal);
      return post.comments ? { ...post, comments: commentsOfPost(post.comments, post) } : post;
    },
    // A missing post is shown as the not-found page, not raised as an alert.
    meta: { silent: true },
  });
