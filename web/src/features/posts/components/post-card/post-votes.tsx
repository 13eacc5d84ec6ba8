import { formatCount } from '@quorum/shared/format';
import type { Post } from '@quorum/shared/types';
import { Icon } from '../../../../components/ui/icon.tsx';
import { useLoginPrompt } from '../../../auth/hooks/use-login-prompt.ts';
import { useVotePost } from '../../api/vote-post.ts';

interface PostVotesProps {
  post: Post;
  /** `row` for a card's action bar, `column` for the compact layout's side. */
  orientation?: 'row' | 'column';
  /** Voting off for other reasons than a lock (posts shown in modtools). */
  disabled?: boolean;
}

/**
 * Up and down vote buttons around the score (upvotes minus downvotes). Votes apply at once and
 * roll back if refused; visitors get the login prompt; locked posts cannot be voted on.
 */
export function PostVotes({ post, orientation = 'row', disabled = false }: PostVotesProps) {
  const { vote } = useVotePost();
  const { requireLogin, loginPrompt } = useLoginPrompt();
  const off = disabled || post.locked;
  const score = post.upvotes - post.downvotes;
  const state = post.vote === true ? 'up' : post.vote === false ? 'down' : undefined;
  const title = post.locked ? 'This post is locked.' : undefined;

  return (
    <div className={`votes votes--${orientation}`} data-vote={state} title={title}>
      <button
        type="button"
        className="votes__button votes__button--up"
        aria-label="Upvote"
        aria-pressed={post.vote === true}
        disabled={off}
        onClick={requireLogin(() => vote(post, true))}
      >
        <Icon name="arrowUp" size={18} strokeWidth={2.2} />
      </button>
      <span className="votes__score" title={`${post.upvotes} up, ${post.downvotes} down`} data-testid="post-score">
        {formatCount(score)}
        <span className="visually-hidden"> points</span>
      </span>
      <button
        type="button"
        className="votes__button votes__button--down"
        aria-label="Downvote"
        aria-pressed={post.vote === false}
        disabled={off}
        onClick={requireLogin(() => vote(post, false))}
      >
        <Icon name="arrowDown" size={18} strokeWidth={2.2} />
      </button>
      {loginPrompt}
    </div>
  );
}
