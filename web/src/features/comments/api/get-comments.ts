import type { CommentsPage } from '@quorum/shared/entities/comments';
import type { Post } from '@quorum/shared/entities/posts';
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { commentKeys } from './keys.ts';

export type CommentPages = InfiniteData<CommentsPage, string | null>;

/**
 * GET /api/posts/{publicId}/comments?next=: the thread a page at a time, top-level comments best
 * first with their replies. The first page also comes with the post; the comments section starts
 * from that one.
 */
export const commentsOptions = (post: Pick<Post, 'publicId'>) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(post.publicId),
    queryFn: ({ pageParam, signal }) => api.getComments(post.publicId, { next: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
