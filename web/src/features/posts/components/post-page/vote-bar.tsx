import type { Post } from '@quorum/shared/entities/posts';

/** The share of votes that are upvotes, as a whole percentage; null before anyone voted. */
export function upvotePercent(upvotes: number, downvotes: number): number | null {
  const total = upvotes + downvotes;
  return total > 0 ? Math.round((upvotes / total) * 100) : null;
}

/** "N% upvoted" over a bar filled to that share. */
export function VoteBar({ post }: { post: Post }) {
  const percent = upvotePercent(post.upvotes, post.downvotes);
  const label = percent === null ? 'No votes yet' : `${percent}% upvoted`;
  return (
    <div className="vote-bar" title={`${post.upvotes} up, ${post.downvotes} down`}>
      <span className="vote-bar__label" data-testid="post-upvote-percent">
        {label}
      </span>
      <span
        className="vote-bar__track"
        role="meter"
        aria-label="Upvoted"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? 0}
        aria-valuetext={label}
      >
        <span className="vote-bar__fill" style={{ width: `${percent ?? 0}%` }} />
      </span>
    </div>
  );
}
