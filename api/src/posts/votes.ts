import type { Db } from '../db/connect.ts';
import { voteTransition } from '../votes/transition.ts';
import { hotness } from './hotness.ts';

export type VoteOutcome = 'voted' | 'not_found' | 'locked' | 'deleted';

/**
 * Applies a post vote (see voteTransition). The post row is locked first, so votes on one post
 * take turns and the counts stay exact; the hot rank is recomputed in the same transaction.
 */
export async function votePost(tx: Db, postId: string, voterId: string, up: boolean): Promise<VoteOutcome> {
  const [post] = await tx<{ userId: string; upvotes: number; downvotes: number; createdAt: Date; locked: boolean; deleted: boolean }[]>`
    select user_id, upvotes, downvotes, created_at, locked_at is not null as locked, deleted_at is not null as deleted
    from posts where id = ${postId} for update`;
  if (!post) return 'not_found';
  if (post.deleted) return 'deleted';
  if (post.locked) return 'locked';

  const [existing] = await tx<{ up: boolean; counted: boolean }[]>`
    select up, counted from post_votes where post_id = ${postId} and user_id = ${voterId}`;
  const change = voteTransition(existing, up, voterId === post.userId);
  if (change.row === 'insert') {
    await tx`insert into post_votes (post_id, user_id, up, counted) values (${postId}, ${voterId}, ${up}, ${change.counted})`;
  } else if (change.row === 'delete') {
    await tx`delete from post_votes where post_id = ${postId} and user_id = ${voterId}`;
  } else {
    await tx`update post_votes set up = ${up} where post_id = ${postId} and user_id = ${voterId}`;
  }

  const upvotes = post.upvotes + change.upvotes;
  const downvotes = post.downvotes + change.downvotes;
  await tx`
    update posts set upvotes = ${upvotes}, downvotes = ${downvotes}, points = ${upvotes - downvotes},
      hotness = ${hotness(upvotes, post.createdAt)}
    where id = ${postId}`;
  if (change.authorPoints !== 0) await tx`update users set points = points + ${change.authorPoints} where id = ${post.userId}`;
  return 'voted';
}
