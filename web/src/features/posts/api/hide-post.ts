import type { Post } from '@quorum/shared/entities/posts';
import { api } from '../../../lib/api-client.ts';
import { writePost } from '../../../lib/cache/post-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { postKeys } from './keys.ts';

export const hidePost = defineMutation(postKeys.mutation('hide'), ({ post, hidden }: { post: Post; hidden: boolean }) =>
  hidden ? api.hidePost(post.id) : api.unhidePost(post.id),
);

/**
 * POST /api/hidden_posts and DELETE /api/hidden_posts/{postId}. The post stays in the feeds it
 * was seen in, marked hidden (shown as 'Hidden post' with Undo); the server leaves it out of
 * feeds fetched later.
 */
export function useSetPostHidden() {
  return useDefinedMutation(hidePost, {
    onMutate: ({ post, hidden }, { client }) => writePost(client, post.id, (p) => ({ ...p, hidden })),
    onError: (_error, { post, hidden }, _onMutateResult, { client }) => writePost(client, post.id, (p) => ({ ...p, hidden: !hidden })),
  });
}
