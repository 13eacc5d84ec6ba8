import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Post, PostsPage } from '@quorum/shared/types';
import { api } from '../../../lib/api-client.ts';
import { applyVote, currentVote } from '../../../lib/votes.ts';
import { postKeys } from './keys.ts';

/** The post after the viewer votes (see applyVote), with its `vote` field in step. */
export function applyPostVote(post: Post, up: boolean): Post {
  const next = applyVote(post, up);
  return { ...next, vote: currentVote(next) };
}

type Snapshot = Array<[readonly unknown[], unknown]>;

/** Replaces the post with `id` wherever it is cached: in feeds and on its own page. */
export function updateCachedPost(queryClient: QueryClient, id: string, update: (post: Post) => Post): void {
  queryClient.setQueriesData<InfiniteData<PostsPage>>({ queryKey: postKeys.feeds() }, (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, posts: page.posts.map((p) => (p.id === id ? update(p) : p)) })),
    },
  );
  queryClient.setQueriesData<Post>({ queryKey: postKeys.details() }, (post) => (post && post.id === id ? update(post) : post));
}

/**
 * Votes on a post optimistically: the counts change at once and roll back if the server refuses.
 * While one vote on a post is on its way, another click on it is ignored.
 */
export function useVotePost() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: ['vote-post'],
    mutationFn: ({ post, up }: { post: Post; up: boolean }) => api.votePost(post.id, up),
    onMutate: async ({ post, up }) => {
      await queryClient.cancelQueries({ queryKey: postKeys.all });
      const snapshot: Snapshot = queryClient.getQueriesData({ queryKey: postKeys.all });
      updateCachedPost(queryClient, post.id, (p) => applyPostVote(p, up));
      return snapshot;
    },
    onError: (_error, _variables, snapshot) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (post) => updateCachedPost(queryClient, post.id, (p) => ({ ...p, ...post, community: p.community ?? post.community })),
  });

  return {
    vote: (post: Post, up: boolean) => {
      const inFlight = queryClient.isMutating({ mutationKey: ['vote-post'], predicate: (m) => (m.state.variables as { post: Post } | undefined)?.post.id === post.id });
      if (inFlight > 0) return;
      mutation.mutate({ post, up });
    },
  };
}
