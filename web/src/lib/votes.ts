import { nextVote, voteCountChange, type Vote } from '@quorum/shared/votes';

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

/** The item after the viewer votes, by the shared vote state machine. */
export function applyVote<T extends Votable>(item: T, up: boolean): T {
  const from = currentVote(item);
  const to = nextVote(from, up);
  const change = voteCountChange(from, to);
  return {
    ...item,
    upvotes: item.upvotes + change.upvotes,
    downvotes: item.downvotes + change.downvotes,
    userVoted: to !== null,
    userVotedUp: to === true,
  };
}
