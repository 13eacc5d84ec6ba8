import { nextVote, voteCountChange, type Vote } from '@quorum/shared/votes';
import type { Votable } from '../votes.ts';

/** A vote waiting to be sent: the server's vote before it, and the vote the viewer ended on. */
export interface PendingVote {
  from: Vote;
  to: Vote;
}

/**
 * The pending vote after the viewer presses up or down. Votes pressed while earlier ones wait
 * collapse into one: only where they end matters, and ending where the server is means nothing
 * to send (null).
 */
export function collapseVote(pending: PendingVote | null, current: Vote, up: boolean): PendingVote | null {
  const from = pending ? pending.from : current;
  const to = nextVote(pending ? pending.to : current, up);
  return to === from ? null : { from, to };
}

/** The one button press that takes the server's vote from `from` to `to` (the same press again takes a vote back). */
export function votePress({ from, to }: PendingVote): boolean {
  return to === null ? from === true : to;
}

/** The item as the viewer will see it once the vote is sent. */
export function showVote<T extends Votable>(item: T, to: Vote): T {
  const from: Vote = item.userVoted ? item.userVotedUp : null;
  if (from === to) return item;
  const change = voteCountChange(from, to);
  return {
    ...item,
    upvotes: item.upvotes + change.upvotes,
    downvotes: item.downvotes + change.downvotes,
    userVoted: to !== null,
    userVotedUp: to === true,
  };
}
