import type { Db } from '../db/connect.ts';
import { recordVote } from '../votes/transition.ts';
import { hotness } from './hotness.ts';

export type VoteOutcome = 'voted' | 'not_found' | 'locked' | 'deleted';

/**
 * Applies a post vote (see recordVote). The post row is locked first, so votes on one post take
 * turns and the counts stay exact; the hot rank is recomputed in the same transaction.
 */
export async function applyPostVote(tx: Db, postId: string, voterId: string, up: boolean): Promise<VoteOutcome> {
  const [post] = await tx<{ userId: string; upvotes: number; downvotes: number; createdAt: Date; locked: boolean; deleted: boolean }[]>`
    select user_id, upvotes, downvotes, created_at, locked_at is not null as locked, deleted_at is not null as deleted
    from posts where id = ${postId} for update`;
  if (!post) return 'not_found';
  if (post.deleted) return 'deleted';
  if (post.locked) return 'locked';

  const change = await recordVote(tx, { table: 'post_votes', itemColumn: 'post_id' }, { itemId: postId, authorId: post.userId, voterId, up });
  const upvotes = post.upvotes + change.upvotes;
  const downvotes = post.downvotes + change.downvotes;
  await tx`
    update posts set upvotes = ${upvotes}, downvotes = ${downvotes}, points = ${upvotes - downvotes},
      hotness = ${hotness(upvotes, post.createdAt)}
    where id = ${postId}`;
  return 'voted';
}
