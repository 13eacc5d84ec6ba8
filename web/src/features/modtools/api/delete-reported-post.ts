import { writePost } from '../../../lib/cache/post-cache.ts';
import { deletePost } from '../../../lib/content-writes.ts';
import { useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { refreshModeration } from './refresh-moderation.ts';

/** DELETE /api/posts/{publicId}?deleteAs= from a report. */
export function useDeleteReportedPost() {
  return useDefinedMutation(deletePost, {
    onSuccess: (post, _variables, _onMutateResult, { client }) => {
      writePost(client, post);
      return refreshModeration(client, post.communityId);
    },
  });
}
