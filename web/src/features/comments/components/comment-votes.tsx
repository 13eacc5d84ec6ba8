import { formatCount } from '@quorum/shared/format';
import type { Comment } from '@quorum/shared/types';
import { Icon } from '../../../components/ui/icon.tsx';
import { useCommentsContext } from './comments-context.ts';

interface CommentVotesProps {
  comment: Comment;
  disabled: boolean;
}

/** Up and down votes around the comment's points; they apply at once and roll back if refused. */
export function CommentVotes({ comment, disabled }: CommentVotesProps) {
  const { vote, requireLogin: guard } = useCommentsContext();
  const state = comment.userVoted ? (comment.userVotedUp ? 'up' : 'down') : undefined;
  const score = comment.upvotes - comment.downvotes;
  return (
    <div className="comment-votes" data-vote={state}>
      <button
        type="button"
        className="comment-votes__button comment-votes__button--up"
        aria-label="Upvote"
        aria-pressed={state === 'up'}
        disabled={disabled}
        onClick={guard(() => vote(comment, true))}
      >
        <Icon name="arrowUp" size={16} strokeWidth={2.2} />
      </button>
      <span className="comment-votes__score" title={`${comment.upvotes} up, ${comment.downvotes} down`} data-testid="comment-score">
        {formatCount(score)}
        <span className="visually-hidden"> points</span>
      </span>
      <button
        type="button"
        className="comment-votes__button comment-votes__button--down"
        aria-label="Downvote"
        aria-pressed={state === 'down'}
        disabled={disabled}
        onClick={guard(() => vote(comment, false))}
      >
        <Icon name="arrowDown" size={16} strokeWidth={2.2} />
      </button>
    </div>
  );
}
