import { writePost } from '../../../lib/cache/post-cache.ts';
import { deletePost } from '../../../lib/content-writes.ts';
import { useDefinedMutation } from '../../../lib/mutation-definition.ts';

/**
 * DELETE /api/posts/{publicId}?deleteAs=&deleteContent=, as the author (normal), a moderator or
 * an admin, with or without the post's images or link. The post stays where it is shown, marked
 * deleted, with its content stripped as the server answers.
 */
export function useDeletePost() {
  return useDefinedMutation(deletePost, {
    onSuccess: (post, _variables, _onMutateResult, { client }) => writePost(client, post),
  });
}
