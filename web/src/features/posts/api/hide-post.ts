import { updateCachedPost } from '../../../lib/cache/post-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';

/**
 * POST /api/hidden_posts and DELETE /api/hidden_posts/{postId}. The post stays in the feeds it
 * was seen in, marked hidden (shown as 'Hidden post' with Undo); the server leaves it out of
 * feeds fetched later.
 */
export function useSetPostHidden() {
  return useDefinedMutation(mutations.hidePost, {
    onMutate: ({ post, hidden }, { client }) => updateCachedPost(client, post.id, (p) => ({ ...p, hidden })),
    onError: (_error, { post, hidden }, _onMutateResult, { client }) => updateCachedPost(client, post.id, (p) => ({ ...p, hidden: !hidden })),
  });
}
