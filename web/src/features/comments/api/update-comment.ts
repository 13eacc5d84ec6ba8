import { updateCachedComment } from '../../../lib/cache/comment-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { commentFormError } from './create-comment.ts';

/** PUT /api/posts/{publicId}/comments/{id} {body}: the author edits a comment. */
export function useUpdateComment() {
  return useDefinedMutation(mutations.updateComment, {
    meta: { handlesError: (error) => commentFormError(error) !== null },
    onSuccess: (comment, _input, _onMutateResult, { client }) => updateCachedComment(client, comment.id, () => comment),
  });
}
