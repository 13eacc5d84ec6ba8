import { formatCount } from '@quorum/shared/format';
import type { Vote } from '@quorum/shared/votes';
import { Icon } from './icon.tsx';
import './vote-buttons.css';

interface VoteButtonsProps {
  upvotes: number;
  downvotes: number;
  /** The viewer's vote: true up, false down, null none. */
  vote: Vote;
  onVote: (up: boolean) => void;
  disabled?: boolean;
  /** `row` for an action bar, `column` for the side of a compact card. */
  orientation?: 'row' | 'column';
  /** `medium` sits on a tinted pill (posts); `small` is bare (comments). */
  size?: 'medium' | 'small';
  /** Names the score for tests (`post-score`, `comment-score`). */
  scoreTestId: string;
  title?: string;
  /** The vote waits to be sent (made offline). */
  pending?: boolean;
}

/** Up and down vote buttons around the score (upvotes minus downvotes). */
export function VoteButtons({
  upvotes, downvotes, vote, onVote, disabled = false, orientation = 'row', size = 'medium', scoreTestId, title, pending = false,
}: VoteButtonsProps) {
  const state = vote === true ? 'up' : vote === false ? 'down' : undefined;
  const iconSize = size === 'small' ? 16 : 18;
  return (
    <div
      className={`votes votes--${orientation} votes--${size}${pending ? ' votes--pending' : ''}`}
      data-vote={state}
      data-pending={pending || undefined}
      title={title ?? (pending ? 'Your vote will be sent when you are back online.' : undefined)}
    >
      <button
        type="button"
        className="icon-button votes__button votes__button--up"
        aria-label="Upvote"
        data-shortcut="upvote"
        aria-pressed={vote === true}
        disabled={disabled}
        onClick={() => onVote(true)}
      >
        <Icon name="arrowUp" size={iconSize} strokeWidth={2.2} />
      </button>
      <span className="votes__score" title={`${upvotes} up, ${downvotes} down`} data-testid={scoreTestId}>
        {formatCount(upvotes - downvotes)}
        <span className="visually-hidden"> points</span>
        {pending && <span className="visually-hidden">, vote waiting to be sent</span>}
      </span>
      <button
        type="button"
        className="icon-button votes__button votes__button--down"
        aria-label="Downvote"
        data-shortcut="downvote"
        aria-pressed={vote === false}
        disabled={disabled}
        onClick={() => onVote(false)}
      >
        <Icon name="arrowDown" size={iconSize} strokeWidth={2.2} />
      </button>
    </div>
  );
}
