import type { Comment } from '@quorum/shared/entities/comments';
import { VoteButtons } from '../../../components/ui/vote-buttons.tsx';
import { useRequireLogin } from '../../../lib/session/login-prompt.ts';
import { currentVote } from '../../../lib/votes.ts';
import { useVoteComment } from '../api/vote-comment.ts';

interface CommentVotesProps {
  comment: Comment;
  disabled: boolean;
}

/** The comment's votes; they apply at once, wait in the outbox while offline and roll back if refused. */
export function CommentVotes({ comment, disabled }: CommentVotesProps) {
  const { vote, shown, pending } = useVoteComment(comment);
  const { requireLogin } = useRequireLogin();
  return (
    <VoteButtons
      upvotes={shown.upvotes}
      downvotes={shown.downvotes}
      vote={currentVote(shown)}
      onVote={requireLogin(vote)}
      disabled={disabled}
      size="small"
      scoreTestId="comment-score"
      pending={pending?.state === 'pending'}
    />
  );
}
