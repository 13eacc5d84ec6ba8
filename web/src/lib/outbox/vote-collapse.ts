import { nextVote, voteCountChange, type Vote } from '@quorum/shared/votes';
import type { PendingVote } from '@quorum/client/outbox/writes';
import type { Votable } from '../votes.ts';

export type { PendingVote };

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
