/** Anything people vote on, as the API shows it to the viewer. */
export interface Votable {
  upvotes: number;
  downvotes: number;
  userVoted: boolean;
  userVotedUp: boolean;
}

/** The viewer's vote: true up, false down, null none. */
export function currentVote(item: Votable): boolean | null {
  return item.userVoted ? item.userVotedUp : null;
}

/**
 * The item after the viewer votes, by the vote state machine: a first vote counts, the same
 * direction again takes it back, the other direction moves it.
 */
export function applyVote<T extends Votable>(item: T, up: boolean): T {
  const current = currentVote(item);
  let { upvotes, downvotes } = item;
  if (current === true) upvotes -= 1;
  if (current === false) downvotes -= 1;
  const vote = current === up ? null : up;
  if (vote === true) upvotes += 1;
  if (vote === false) downvotes += 1;
  return { ...item, upvotes, downvotes, userVoted: vote !== null, userVotedUp: vote === true };
}
