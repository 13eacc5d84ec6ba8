import { nextVote, voteCountChange } from '@quorum/shared/votes';

/**
 * What a vote does on the server, by the shared vote state machine. An upvote from someone other
 * than the author gives the author a point; downvotes never take points away.
 */
export interface VoteChange {
  /** What happens to the voter's vote row. */
  row: 'insert' | 'delete' | 'update';
  upvotes: number;
  downvotes: number;
  authorPoints: number;
  /** Whether the vote row moves the author's points (not for the author's own votes). */
  counted: boolean;
}

export function voteTransition(
  existing: { up: boolean; counted: boolean } | undefined,
  up: boolean,
  voterIsAuthor: boolean,
): VoteChange {
  const from = existing?.up ?? null;
  const to = nextVote(from, up);
  const change = voteCountChange(from, to);
  const counted = existing ? existing.counted : !voterIsAuthor;
  return {
    row: !existing ? 'insert' : to === null ? 'delete' : 'update',
    upvotes: change.upvotes,
    downvotes: change.downvotes,
    authorPoints: counted ? change.upvotes : 0,
    counted,
  };
}
