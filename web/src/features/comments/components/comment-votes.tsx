import type { Comment } from '@quorum/shared/types';
import { VoteButtons } from '../../../components/ui/vote-buttons.tsx';
import { useRequireLogin } from '../../../lib/session/login-prompt.ts';
import { currentVote } from '../../../lib/votes.ts';
import { useCommentsContext } from './comments-context.ts';

interface CommentVotesProps {
  comment: Comment;
  disabled: boolean;
}

/** The comment's votes; they apply at once and roll back if refused. */
export function CommentVotes({ comment, disabled }: CommentVotesProps) {
  const { vote } = useCommentsContext();
  const { requireLogin } = useRequireLogin();
  return (
    <VoteButtons
      upvotes={comment.upvotes}
      downvotes={comment.downvotes}
      vote={currentVote(comment)}
      onVote={requireLogin((up: boolean) => vote(comment, up))}
      disabled={disabled}
      size="small"
      scoreTestId="comment-score"
    />
  );
}
