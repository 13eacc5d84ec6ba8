import type { Comment, UserGroup } from '@quorum/shared/types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateCachedComment } from './comments-cache.ts';
import { commentMutationKeys } from './keys.ts';

/**
 * DELETE /api/posts/{publicId}/comments/{id}?deleteAs=: by its author, a moderator or an admin.
 * The comment keeps its place in the thread, shown as deleted; `onDeleted` runs once it is gone.
 */
export function useDeleteComment({ onDeleted }: { onDeleted?: (comment: Comment) => void } = {}) {
  return useMutation({
    mutationKey: commentMutationKeys.delete,
    mutationFn: ({ comment, deleteAs }: { comment: Comment; deleteAs: UserGroup }) =>
      api.deleteComment(comment.postPublicId, comment.id, deleteAs),
    onSuccess: (deleted, { comment }, _onMutateResult, { client }) => {
      updateCachedComment(client, deleted.postPublicId, deleted.id, () => deleted);
      if (comment.deletedAt === null) onDeleted?.(deleted);
    },
  });
}
