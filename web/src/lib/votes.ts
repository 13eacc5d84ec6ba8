import type { Vote } from '@quorum/shared/votes';

/** Anything people vote on, as the API shows it to the viewer. */
export interface Votable {
  upvotes: number;
  downvotes: number;
  userVoted: boolean;
  userVotedUp: boolean;
}

/** The viewer's vote: true up, false down, null none. */
export function currentVote(item: Votable): Vote {
  return item.userVoted ? item.userVotedUp : null;
}
