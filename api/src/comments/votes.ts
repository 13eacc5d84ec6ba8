import type { Db } from '../db/connect.ts';
import { recordVote } from '../votes/transition.ts';

export type CommentVoteOutcome = 'voted' | 'not_found' | 'deleted' | 'locked';

/** Applies a comment vote (see recordVote); the comment row is locked so counts stay exact. */
export async function applyCommentVote(tx: Db, commentId: string, voterId: string, up: boolean): Promise<CommentVoteOutcome> {
  const [comment] = await tx<{ userId: string; deleted: boolean; postLocked: boolean }[]>`
    select cm.user_id, cm.deleted_at is not null as deleted, p.locked_at is not null as post_locked
    from comments cm join posts p on p.id = cm.post_id
    where cm.id = ${commentId} for update of cm`;
  if (!comment) return 'not_found';
  if (comment.deleted) return 'deleted';
  if (comment.postLocked) return 'locked';

  const change = await recordVote(
    tx,
    { table: 'comment_votes', itemColumn: 'comment_id' },
    { itemId: commentId, authorId: comment.userId, voterId, up },
  );
  await tx`
    update comments set upvotes = upvotes + ${change.upvotes}, downvotes = downvotes + ${change.downvotes},
      points = points + ${change.upvotes - change.downvotes}
    where id = ${commentId}`;
  return 'voted';
}
