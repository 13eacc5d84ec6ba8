import type { Post } from '@quorum/shared/entities/posts';
import { api } from '../../../lib/api-client.ts';
import { writePost } from '../../../lib/cache/post-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { postFormError } from './create-post.ts';
import { postKeys } from './keys.ts';

export const updatePost = defineMutation(
  postKeys.mutation('update'),
  ({ publicId, ...body }: { publicId: string; title: string; body?: string | null }): Promise<Post> => api.updatePost(publicId, body)
);

/**
 * PUT /api/posts/{publicId} with {title, body}: the author edits the post (the body of text posts
 * only; the server ignores it for image and link posts).
 */
export function useUpdatePost() {
  return useDefinedMutation(updatePost, {
    meta: { handlesError: (error) => postFormError(error, { communityName: '', creating: false }) !== null },
    onSuccess: (post, { publicId }, _onMutateResult, { client }) => {
      // The answer has no comments: keep the cached ones and change only what an edit changes.
      writePost(client, post.id, (cached) => ({ ...cached, title: post.title, body: post.body, editedAt: post.editedAt }));
      return client.invalidateQueries({ queryKey: postKeys.detail(publicId), refetchType: 'none' });
    },
  });
}
