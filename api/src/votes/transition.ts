/**
 * The vote state machine shared by posts and comments: a first vote counts, the same direction
 * again takes it back, the other direction flips it. An upvote from someone other than the author
 * gives the author a point; downvotes never take points away.
 */
export interface VoteChange {
  /** What happens to the voter's vote row. */
  row: 'insert' | 'delete' | 'update';
  upvotes: number;
  downvotes: number;
  authorPoints: number;
  /** Whether a new vote row moves the author's points (not for the author's own votes). */
  counted: boolean;
}

export function voteTransition(
  existing: { up: boolean; counted: boolean } | undefined,
  up: boolean,
  voterIsAuthor: boolean,
): VoteChange {
  if (!existing) {
    const counted = !voterIsAuthor;
    return { row: 'insert', upvotes: up ? 1 : 0, downvotes: up ? 0 : 1, authorPoints: up && counted ? 1 : 0, counted };
  }
  if (existing.up === up) {
    return {
      row: 'delete',
      upvotes: up ? -1 : 0,
      downvotes: up ? 0 : -1,
      authorPoints: up && existing.counted ? -1 : 0,
      counted: existing.counted,
    };
  }
  return {
    row: 'update',
    upvotes: up ? 1 : -1,
    downvotes: up ? -1 : 1,
    authorPoints: existing.counted ? (up ? 1 : -1) : 0,
    counted: existing.counted,
  };
}
