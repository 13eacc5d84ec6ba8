import { updateCachedPost } from '../../../lib/cache/post-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { postFormError } from './create-post.ts';
import { postKeys } from './keys.ts';

/**
 * PUT /api/posts/{publicId} with {title, body}: the author edits the post (the body of text posts
 * only; the server ignores it for image and link posts).
 */
export function useUpdatePost() {
  return useDefinedMutation(mutations.updatePost, {
    meta: { handlesError: (error) => postFormError(error, { communityName: '', creating: false }) !== null },
    onSuccess: (post, { publicId }, _onMutateResult, { client }) => {
      // The answer has no comments: keep the cached ones and change only what an edit changes.
      updateCachedPost(client, post.id, (cached) => ({ ...cached, title: post.title, body: post.body, editedAt: post.editedAt }));
      return client.invalidateQueries({ queryKey: postKeys.detail(publicId), refetchType: 'none' });
    },
  });
}
