import type { CommentsPage } from '@quorum/shared/entities/comments';
import type { Post } from '@quorum/shared/entities/posts';
import { useInfiniteQuery, useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { commentThreadOptions } from '../api/get-comment-thread.ts';
import { commentsOptions } from '../api/get-comments.ts';
import { repliesOptions } from '../api/get-replies.ts';
import { commentKeys } from '../api/keys.ts';
import { buildCommentTree } from '../utils/comment-tree.ts';

export type RepliesState = 'idle' | 'loading' | 'failed';

interface CommentThreadOptions {
  post: Post;
  /** When the post (with the thread's first page) was fetched. */
  postUpdatedAt: number;
  /** The permalinked comment, if any. */
  focusId: string | null;
}

/**
 * The post's comment tree, built from every list of its comments in the cache: the pages of the
 * thread (starting from the page that came with the post), the subtrees asked for with 'load more
 * replies', and a permalinked comment's own thread when it is not in those.
 */
export function useCommentThread({ post, postUpdatedAt, focusId }: CommentThreadOptions) {
  const client = useQueryClient();
  const { publicId } = post;

  const pages = useInfiniteQuery({
    ...commentsOptions(post),
    initialData: post.comments && { pages: [{ comments: post.comments, next: post.commentsNext ?? null }], pageParams: [null] },
    initialDataUpdatedAt: postUpdatedAt,
  });

  // Which comments' subtrees the reader asked for; the subtrees themselves live in the cache.
  const [expanded, setExpanded] = useState<string[]>([]);
  const combineSubtrees = useCallback(
    (results: UseQueryResult<CommentsPage>[]) => ({
      comments: results.flatMap((result) => result.data?.comments ?? []),
      states: new Map<string, RepliesState>(
        expanded.map((id, i) => {
          const result = results[i];
          return [id, result?.isError ? 'failed' : result?.isFetching ? 'loading' : 'idle'];
        }),
      ),
    }),
    [expanded],
  );
  const subtrees = useQueries({ queries: expanded.map((id) => repliesOptions(post, id)), combine: combineSubtrees });

  const loaded = useMemo(
    () => [...(pages.data?.pages.flatMap((page) => page.comments) ?? []), ...subtrees.comments],
    [pages.data, subtrees.comments],
  );
  const focusLoaded = focusId !== null && loaded.some((comment) => comment.id === focusId);
  const thread = useQuery({
    ...commentThreadOptions(post, focusId ?? ''),
    enabled: focusId !== null && pages.data !== undefined && !focusLoaded,
  });

  const tree = useMemo(
    () => buildCommentTree(thread.data ? [...loaded, ...thread.data.comments] : loaded, focusId ?? undefined),
    [loaded, thread.data, focusId],
  );

  const loadReplies = useCallback(
    (parentId: string) => {
      if (expanded.includes(parentId)) void client.refetchQueries({ queryKey: commentKeys.replies(publicId, parentId), exact: true });
      else setExpanded((ids) => [...ids, parentId]);
    },
    [client, expanded, publicId],
  );

  return {
    tree,
    pages,
    /** The permalinked comment's own thread, fetched only when the loaded comments lack it. */
    thread,
    repliesState: subtrees.states,
    loadReplies,
  };
}
