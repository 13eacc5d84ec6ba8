// The vote state machine as the web app predicts it before the server answers: a first vote
// counts, the same direction again takes it back, the other direction moves it. The database owns
// the rule (cast_post_vote and cast_comment_vote, api/migrations/0036_post_ranks_behind_votes.sql)
// and its answer is the one kept.

/** A viewer's vote on an item: true up, false down, null none. */
export type Vote = boolean | null;

/** The vote after the viewer presses up (`up` true) or down. */
export function nextVote(current: Vote, up: boolean): Vote {
  return current === up ? null : up;
}

/** How an item's counts move when a vote changes from `from` to `to`. */
export function voteCountChange(from: Vote, to: Vote): { upvotes: number; downvotes: number } {
  return {
    upvotes: (to === true ? 1 : 0) - (from === true ? 1 : 0),
    downvotes: (to === false ? 1 : 0) - (from === false ? 1 : 0),
  };
}
