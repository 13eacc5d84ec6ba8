import type { Comment } from '@quorum/shared/types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateCachedComment } from './comments-cache.ts';
import { commentFormError } from './create-comment.ts';
import { commentMutationKeys } from './keys.ts';

/** PUT /api/posts/{publicId}/comments/{id} {body}: the author edits a comment. */
export function useUpdateComment() {
  return useMutation({
    mutationKey: commentMutationKeys.update,
    mutationFn: ({ comment, body }: { comment: Comment; body: string }) => api.updateComment(comment.postPublicId, comment.id, body),
    meta: { handlesError: (error) => commentFormError(error) !== null },
    onSuccess: (comment, _input, _onMutateResult, { client }) => updateCachedComment(client, comment.postPublicId, comment.id, () => comment),
  });
}
