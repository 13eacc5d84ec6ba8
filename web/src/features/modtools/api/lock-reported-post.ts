import { writePost } from '../../../lib/cache/post-cache.ts';
import { lockPost } from '../../../lib/content-writes.ts';
import { useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { refreshModeration } from './refresh-moderation.ts';

/** PUT /api/posts/{publicId}?action=lock&lockAs= from a report. */
export function useLockReportedPost() {
  return useDefinedMutation(lockPost, {
    onSuccess: (post, _variables, _onMutateResult, { client }) => {
      writePost(client, post);
      return refreshModeration(client, post.communityId);
    },
  });
}
