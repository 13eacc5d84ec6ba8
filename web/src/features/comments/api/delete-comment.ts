import type { Comment } from '@quorum/shared/entities/comments';
import { writeComment } from '../../../lib/cache/comment-cache.ts';
import { deleteComment } from '../../../lib/content-writes.ts';
import { useDefinedMutation } from '../../../lib/mutation-definition.ts';

/**
 * DELETE /api/posts/{publicId}/comments/{id}?deleteAs=: by its author, a moderator or an admin.
 * The comment keeps its place in the thread, shown as deleted; `onDeleted` runs once it is gone.
 */
export function useDeleteComment({ onDeleted }: { onDeleted?: (comment: Comment) => void } = {}) {
  return useDefinedMutation(deleteComment, {
    onSuccess: (deleted, { comment }, _onMutateResult, { client }) => {
      writeComment(client, deleted);
      if (comment.deletedAt === null) onDeleted?.(deleted);
    },
  });
}
