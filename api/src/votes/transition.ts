import { nextVote, voteCountChange } from '@quorum/shared/votes';
import type { Db } from '../db/connect.ts';

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

/** Where the votes on one kind of item are kept. */
export type VoteTable = { table: 'post_votes'; itemColumn: 'post_id' } | { table: 'comment_votes'; itemColumn: 'comment_id' };

/**
 * Records `voterId`'s press of up or down on an item and moves its author's points; answers how
 * the item's counts change. Run it in the transaction that holds the item's row.
 */
export async function recordVote(
  tx: Db,
  votes: VoteTable,
  vote: { itemId: string; authorId: string; voterId: string; up: boolean },
): Promise<VoteChange> {
  const table = tx(votes.table);
  const item = tx(votes.itemColumn);
  const [existing] = await tx<{ up: boolean; counted: boolean }[]>`
    select up, counted from ${table} where ${item} = ${vote.itemId} and user_id = ${vote.voterId}`;
  const change = voteTransition(existing, vote.up, vote.voterId === vote.authorId);
  if (change.row === 'insert') {
    await tx`insert into ${table} (${item}, user_id, up, counted) values (${vote.itemId}, ${vote.voterId}, ${vote.up}, ${change.counted})`;
  } else if (change.row === 'delete') {
    await tx`delete from ${table} where ${item} = ${vote.itemId} and user_id = ${vote.voterId}`;
  } else {
    await tx`update ${table} set up = ${vote.up} where ${item} = ${vote.itemId} and user_id = ${vote.voterId}`;
  }
  if (change.authorPoints !== 0) await tx`update users set points = points + ${change.authorPoints} where id = ${vote.authorId}`;
  return change;
}
