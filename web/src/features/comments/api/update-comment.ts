import type { Comment } from '@quorum/shared/entities/comments';
import { api } from '../../../lib/api-client.ts';
import { writeComment } from '../../../lib/cache/comment-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { commentFormError } from './create-comment.ts';
import { commentKeys } from './keys.ts';

export const updateComment = defineMutation(commentKeys.mutation('update'), ({ comment, body }: { comment: Comment; body: string }): Promise<Comment> =>
  api.updateComment(comment.postPublicId, comment.id, body),
);

/** PUT /api/posts/{publicId}/comments/{id} {body}: the author edits a comment. */
export function useUpdateComment() {
  return useDefinedMutation(updateComment, {
    meta: { handlesError: (error) => commentFormError(error) !== null },
    onSuccess: (comment, _input, _onMutateResult, { client }) => writeComment(client, comment),
  });
}
