import { ApiError } from '@quorum/client/api-error';
import { ErrorCode } from '@quorum/shared/errors';
import type { Comment } from '@quorum/shared/entities/comments';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { writeComment } from '../../../lib/cache/comment-cache.ts';
import type { VoteCommentWrite } from '@quorum/client/outbox/writes';
import { discardWrite, writeMutationKey, type WriteKind, type WriteVariables } from '../../../lib/outbox/outbox.ts';
import { useOutboxEntry } from '../../../lib/outbox/use-outbox.ts';
import { collapseVote, showVote } from '../../../lib/outbox/vote-collapse.ts';
import { currentVote } from '../../../lib/votes.ts';

export const voteCommentWrite: WriteKind<VoteCommentWrite, Comment> = {
  apply: (client, _write, comment) => writeComment(client, comment),
  describe: (write) => `Your vote on the comment “${write.excerpt}”`,
};

/** Refusals whose own message says what happened (a deleted comment, a locked post). */
function isExplainedRefusal(error: Error): error is ApiError {
  return error instanceof ApiError && error.status === 403 && (error.code === ErrorCode.commentDeleted || error.code === ErrorCode.postLocked);
}

const EXCERPT_LENGTH = 60;

/**
 * Votes on a comment through the outbox: the vote shows at once, is sent now or when the network
 * returns, and goes away if the server refuses it. While one vote on a comment is on its way
 * another click is ignored; votes made while offline collapse into one.
 */
export function useVoteComment(comment: Comment) {
  const alerts = useAlerts();
  const pending = useOutboxEntry<VoteCommentWrite>('vote-comment', (write) => write.commentId === comment.id);
  const { mutate } = useMutation<unknown, Error, WriteVariables<VoteCommentWrite>>({
    mutationKey: writeMutationKey('vote-comment'),
    meta: { handlesError: isExplainedRefusal },
    onError: (error) => {
      if (isExplainedRefusal(error)) alerts.show(error.message);
    },
  });
  const vote = useCallback(
    (up: boolean) => {
      if (pending?.state === 'sending') return;
      const waiting = pending?.state === 'pending' ? pending.write : null;
      const next = collapseVote(waiting, currentVote(comment), up);
      if (next === null) {
        if (pending) void discardWrite(pending.key);
        return;
      }
      const excerpt = comment.body.slice(0, EXCERPT_LENGTH);
      mutate({ write: { kind: 'vote-comment', commentId: comment.id, postPublicId: comment.postPublicId, excerpt, ...next }, replaces: pending?.key });
    },
    [pending, comment, mutate],
  );
  const shown = pending && pending.state !== 'failed' ? showVote(comment, pending.write.to) : comment;
  return { vote, shown, pending };
}
