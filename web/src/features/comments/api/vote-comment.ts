import { ApiError } from '@quorum/client/api-error';
import { ErrorCode } from '@quorum/shared/errors';
import type { Comment } from '@quorum/shared/types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { applyVote } from '../../../lib/votes.ts';
import { restoreComments, snapshotComments, updateCachedComment } from './comments-cache.ts';
import { commentKeys, commentMutationKeys } from './keys.ts';

/** Refusals whose own message says what happened (a deleted comment, a locked post). */
function isExplainedRefusal(error: Error): error is ApiError {
  return error instanceof ApiError && error.status === 403 && (error.code === ErrorCode.commentDeleted || error.code === ErrorCode.postLocked);
}

/**
 * Votes on a comment optimistically: the counts change at once and roll back if the server
 * refuses. While one vote on a comment is on its way, another click on it is ignored.
 */
export function useVoteComment() {
  const client = useQueryClient();
  const alerts = useAlerts();
  const mutation = useMutation({
    mutationKey: commentMutationKeys.vote,
    mutationFn: ({ comment, up }: { comment: Comment; up: boolean }) => api.voteComment(comment.id, up),
    meta: { handlesError: isExplainedRefusal },
    onMutate: async ({ comment, up }) => {
      await client.cancelQueries({ queryKey: commentKeys.post(comment.postPublicId) });
      const snapshot = snapshotComments(client, comment.postPublicId);
      updateCachedComment(client, comment.postPublicId, comment.id, (cached) => applyVote(cached, up));
      return snapshot;
    },
    onError: (error, _variables, snapshot) => {
      if (snapshot) restoreComments(client, snapshot);
      if (isExplainedRefusal(error)) alerts.show(error.message);
    },
    onSuccess: (comment) => updateCachedComment(client, comment.postPublicId, comment.id, () => comment),
  });

  const { mutate } = mutation;
  const vote = useCallback(
    (comment: Comment, up: boolean) => {
      const inFlight = client.isMutating({
        mutationKey: commentMutationKeys.vote,
        predicate: (m) => (m.state.variables as { comment: Comment } | undefined)?.comment.id === comment.id,
      });
      if (inFlight > 0) return;
      mutate({ comment, up });
    },
    [client, mutate],
  );
  return { vote };
}
