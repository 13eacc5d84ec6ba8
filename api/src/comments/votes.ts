import type { Db } from '../db/connect.ts';
import { voteTransition } from '../votes/transition.ts';

export type CommentVoteOutcome = 'voted' | 'not_found' | 'deleted' | 'locked';

/** Applies a comment vote (see voteTransition); the comment row is locked so counts stay exact. */
export async function voteComment(tx: Db, commentId: string, voterId: string, up: boolean): Promise<CommentVoteOutcome> {
  const [comment] = await tx<{ userId: string; deleted: boolean; postLocked: boolean }[]>`
    select cm.user_id, cm.deleted_at is not null as deleted, p.locked_at is not null as post_locked
    from comments cm join posts p on p.id = cm.post_id
    where cm.id = ${commentId} for update of cm`;
  if (!comment) return 'not_found';
  if (comment.deleted) return 'deleted';
  if (comment.postLocked) return 'locked';

  const [existing] = await tx<{ up: boolean; counted: boolean }[]>`
    select up, counted from comment_votes where comment_id = ${commentId} and user_id = ${voterId}`;
  const change = voteTransition(existing, up, voterId === comment.userId);
  if (change.row === 'insert') {
    await tx`insert into comment_votes (comment_id, user_id, up, counted) values (${commentId}, ${voterId}, ${up}, ${change.counted})`;
  } else if (change.row === 'delete') {
    await tx`delete from comment_votes where comment_id = ${commentId} and user_id = ${voterId}`;
  } else {
    await tx`update comment_votes set up = ${up} where comment_id = ${commentId} and user_id = ${voterId}`;
  }
  await tx`
    update comments set upvotes = upvotes + ${change.upvotes}, downvotes = downvotes + ${change.downvotes},
      points = points + ${change.upvotes - change.downvotes}
    where id = ${commentId}`;
  if (change.authorPoints !== 0) await tx`update users set points = points + ${change.authorPoints} where id = ${comment.userId}`;
  return 'voted';
}
