// The writes of comments. Reads are in content/comment-queries.ts.
import type { Db } from '../db/connect.ts';

export interface NewComment {
  postId: string;
  communityId: string;
  userId: string;
  userGroup: string;
  body: string;
  parent: { id: string; depth: number; ancestors: string[] } | null;
  /** Why it waits for a moderator's approval; null to publish it at once. */
  heldReason: string | null;
}

/** Inserts a comment with its author's own upvote and, unless it is held for approval, counts it. */
export async function insertComment(tx: Db, comment: NewComment): Promise<string> {
  const ancestors = comment.parent ? [...comment.parent.ancestors, comment.parent.id] : [];
  const [row] = await tx<{ id: string }[]>`
    insert into comments (post_id, community_id, user_id, user_group, parent_id, depth, ancestors, body, upvotes, points, held_at, held_reason)
    values (${comment.postId}, ${comment.communityId}, ${comment.userId}, ${comment.userGroup},
            ${comment.parent?.id ?? null}, ${comment.parent ? comment.parent.depth + 1 : 0}, ${ancestors}::uuid[],
            ${comment.body}, 1, 1, ${comment.heldReason === null ? null : tx`now()`}, ${comment.heldReason})
    returning id`;
  if (!row) throw new Error('insert into comments returned nothing');
  await Promise.all([
    comment.heldReason === null ? countPublishedComment(tx, { ...comment, ancestors }) : undefined,
    tx`insert into comment_votes (comment_id, post_id, user_id, up, counted) values (${row.id}, ${comment.postId}, ${comment.userId}, true, false)`,
  ]);
  return row.id;
}

/**
 * Counts a comment as published and keeps every counter exact: the post's comment count and last
 * activity, each ancestor's reply count, the parent's direct replies and the author's comment
 * count. On creation, or once approved. The statements go to the database together, in this
 * order, and the statements of the caller sent with them (`Promise.all`) after them: the post's row,
 * which every comment of a busy thread updates, stays locked for one round trip to the commit,
 * not one a statement.
 */
export async function countPublishedComment(
  tx: Db,
  comment: { postId: string; userId: string; parentId?: string | null; parent?: { id: string } | null; ancestors: string[] },
): Promise<void> {
  const parentId = comment.parent?.id ?? comment.parentId ?? null;
  await Promise.all([
    tx`update posts set no_comments = no_comments + 1, last_activity_at = now() where id = ${comment.postId}`,
    tx`update users set no_comments = no_comments + 1 where id = ${comment.userId}`,
    comment.ancestors.length > 0
      ? tx`
          update comments set no_replies = no_replies + 1,
            no_replies_direct = no_replies_direct + (case when id = ${parentId}::uuid then 1 else 0 end)
          where id = any(${comment.ancestors}::uuid[])`
      : undefined,
  ]);
}

export async function updateCommentBody(db: Db, id: string, body: string): Promise<void> {
  await db`update comments set body = ${body}, edited_at = now() where id = ${id}`;
}

export async function setCommentGroup(db: Db, id: string, group: string): Promise<void> {
  await db`update comments set user_group = ${group} where id = ${id}`;
}

/**
 * Deletes a comment: its words are stripped, its place in the thread stays (replies keep their
 * parent). The post and author counts drop by one unless it was never counted (held); reply
 * counts keep counting it as a node. False when it was deleted already.
 */
export async function deleteComment(
  tx: Db,
  comment: { id: string; postId: string; userId: string },
  by: { userId: string; as: string },
): Promise<boolean> {
  const [row] = await tx<{ heldAt: Date | null }[]>`
    update comments set deleted_at = now(), deleted_by = ${by.userId}, deleted_as = ${by.as}, body = ''
    where id = ${comment.id} and deleted_at is null returning held_at`;
  if (!row) return false;
  if (row.heldAt) return true;
  await tx`update posts set no_comments = greatest(no_comments - 1, 0) where id = ${comment.postId}`;
  await tx`update users set no_comments = greatest(no_comments - 1, 0) where id = ${comment.userId}`;
  return true;
}
