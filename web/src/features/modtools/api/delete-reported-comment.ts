import { writeComment } from '../../../lib/cache/comment-cache.ts';
import { deleteComment } from '../../../lib/content-writes.ts';
import { useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { refreshModeration } from './refresh-moderation.ts';

/** DELETE /api/posts/{publicId}/comments/{id}?deleteAs= from a report. */
export function useDeleteReportedComment() {
  return useDefinedMutation(deleteComment, {
    onSuccess: (comment, _variables, _onMutateResult, { client }) => {
      writeComment(client, comment);
      return refreshModeration(client, comment.communityId);
    },
  });
}
