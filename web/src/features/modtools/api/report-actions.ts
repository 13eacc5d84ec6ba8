import type { QueryClient } from '@tanstack/react-query';
import { updateCachedComment } from '../../../lib/cache/comment-cache.ts';
import { applyServerPost } from '../../../lib/cache/post-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { modtoolsKeys } from './keys.ts';

/** Acting on reported content settles its open reports and may move it into the removed or locked list. */
function refreshModeration(client: QueryClient, communityId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: modtoolsKeys.reports(communityId) }),
    client.invalidateQueries({ queryKey: modtoolsKeys.moderatedPosts(communityId) }),
  ]);
}

/** DELETE /api/posts/{publicId}?deleteAs= from a report. */
export function useDeleteReportedPost() {
  return useDefinedMutation(mutations.deletePost, {
    onSuccess: (post, _variables, _onMutateResult, { client }) => {
      applyServerPost(client, post);
      return refreshModeration(client, post.communityId);
    },
  });
}

/** DELETE /api/posts/{publicId}/comments/{id}?deleteAs= from a report. */
export function useDeleteReportedComment() {
  return useDefinedMutation(mutations.deleteComment, {
    onSuccess: (comment, _variables, _onMutateResult, { client }) => {
      updateCachedComment(client, comment.id, (cached) => ({ ...cached, ...comment }));
      return refreshModeration(client, comment.communityId);
    },
  });
}

/** PUT /api/posts/{publicId}?action=lock&lockAs= from a report. */
export function useLockReportedPost() {
  return useDefinedMutation(mutations.lockPost, {
    onSuccess: (post, _variables, _onMutateResult, { client }) => {
      applyServerPost(client, post);
      return refreshModeration(client, post.communityId);
    },
  });
}
