import type { Db, Sql } from '../db/connect.ts';

/** 'upvoted': the press left an upvote from someone other than the author, which tells the author. */
export type VoteOutcome = 'upvoted' | 'voted' | 'not_found' | 'banned' | 'deleted' | 'locked';

/**
 * Records `voterId`'s press of up or down on a post or comment in one call to the database, which
 * owns the vote rule (stated whole in migrations/0036_post_ranks_behind_votes.sql): the voter's
 * community ban is checked there, one voter's presses on one item take turns, the counts and the
 * author's points are added to under their rows' locks, so they stay exact while other voters'
 * presses go on beside, a post is marked for its rank to follow (posts/ranks.ts), and an upvote
 * that tells the author leaves a notice for the notification job.
 *
 * The vote's transaction commits without waiting for its flush to the disk (`synchronous_commit`
 * off for it alone), so the item's row is locked for the time of the statements only and the next
 * vote on a popular post need not wait for a disk flush. A crash of the machine can forget the
 * last fraction of a second of votes, whole: a vote's row and the counts it changed go together.
 */
async function castVote(db: Db, item: 'post' | 'comment', itemId: string, voterId: string, up: boolean): Promise<VoteOutcome> {
  const [row] = item === 'post'
    ? await db<{ outcome: VoteOutcome }[]>`
        select cast_post_vote(${itemId}, ${voterId}, ${up}) as outcome, set_config('synchronous_commit', 'off', true)`
    : await db<{ outcome: VoteOutcome }[]>`
        select cast_comment_vote(${itemId}, ${voterId}, ${up}) as outcome, set_config('synchronous_commit', 'off', true)`;
  return row!.outcome;
}

/**
 * Casts the vote as castVote does and runs `read` right behind it on the same connection, both
 * sent to the database at once: the vote and the answer showing it cost one round trip, and the
 * read, which starts once the vote has committed, sees it. What `read` finds when the vote is
 * refused is the caller's to ignore.
 */
export async function castVoteAndRead<T>(
  sql: Sql,
  vote: { item: 'post' | 'comment'; itemId: string; voterId: string; up: boolean },
  read: (db: Db) => Promise<T>,
): Promise<{ outcome: VoteOutcome; after: Promise<T> }> {
  const connection = await sql.reserve();
  const cast = castVote(connection, vote.item, vote.itemId, vote.voterId, vote.up);
  const after = read(connection);
  // The connection goes back to the pool once both have answered, whichever of them failed.
  const settled = Promise.allSettled([cast, after]).finally(() => connection.release());
  after.catch(() => {});
  await settled;
  return { outcome: await cast, after };
}
