import type { Db } from '../db/connect.ts';
import type { CommentRow } from './present.ts';

/** Whether the viewer has muted the author of comment `cm`. */
function authorMuted(db: Db, viewerId: string | null) {
  return db`exists (select 1 from user_mutes m where m.user_id = ${viewerId} and m.muted_user_id = cm.user_id) as is_author_muted`;
}

/** Comments with their post, community and author, and the viewer's vote and mute, in one statement. */
function selectComments(db: Db, viewerId: string | null) {
  return db`
    select cm.id, cm.post_id, p.public_id as post_public_id, p.title as post_title, cm.community_id,
      c.name as community_name, cm.parent_id, cm.depth, cm.ancestors, cm.body, cm.user_id, u.username,
      u.deleted_at is not null as user_deleted,
      (select json_build_object('id', i.id, 'format', i.format, 'width', i.width, 'height', i.height,
          'altText', i.alt_text, 'averageColor', i.average_color, 'copies', i.copies)
        from images i where i.id = u.pro_pic_id and i.deleted_at is null) as author_pro_pic,
      cm.user_group, cm.upvotes, cm.downvotes, cm.no_replies, cm.created_at, cm.edited_at, cm.deleted_at,
      cm.deleted_as, v.up as vote_up,
      ${authorMuted(db, viewerId)}
    from comments cm
    join posts p on p.id = cm.post_id
    join communities c on c.id = cm.community_id
    join users u on u.id = cm.user_id
    left join comment_votes v on v.comment_id = cm.id and v.user_id = ${viewerId}`;
}

/** A viewer's vote on a comment. */
export interface CommentVote {
  id: string;
  up: boolean;
}

/**
 * The viewer's votes on the comments `ids`, as one JSON array of CommentVote, read from the votes
 * alone: comments they did not vote on are not listed.
 */
export function viewerCommentVotes(db: Db, viewerId: string, ids: readonly string[]) {
  if (ids.length === 0) return db`'[]'::json`;
  return db`(
    select coalesce(json_agg(json_build_object('id', v.comment_id, 'up', v.up)), '[]')
    from comment_votes v
    where v.user_id = ${viewerId} and v.comment_id = any(${ids}::uuid[]))`;
}

export async function getComment(db: Db, id: string, viewerId: string | null): Promise<CommentRow | undefined> {
  const [row] = await db<CommentRow[]>`${selectComments(db, viewerId)} where cm.id = ${id}`;
  return row;
}

/** Comments by id, in no particular order; ids of no comment are left out. */
export async function getCommentsByIds(db: Db, ids: readonly string[], viewerId: string | null): Promise<CommentRow[]> {
  if (ids.length === 0) return [];
  return db<CommentRow[]>`${selectComments(db, viewerId)} where cm.id = any(${ids}::uuid[])`;
}

/** One page of a post's top-level comments, best first (limit + 1 rows). */
export async function listTopLevel(
  db: Db,
  postId: string,
  viewerId: string | null,
  limit: number,
  after?: { upvotes: number; id: string },
): Promise<CommentRow[]> {
  return db<CommentRow[]>`
    ${selectComments(db, viewerId)}
    where cm.post_id = ${postId} and cm.parent_id is null
      ${after ? db`and (cm.upvotes, cm.id) < (${after.upvotes}, ${after.id})` : db``}
    order by cm.upvotes desc, cm.id desc
    limit ${limit + 1}`;
}

/** A comment and the comments above it, from the top of the thread down. */
export async function listCommentPath(db: Db, postId: string, commentId: string, viewerId: string | null): Promise<CommentRow[]> {
  return db<CommentRow[]>`
    ${selectComments(db, viewerId)}
    where cm.post_id = ${postId}
      and cm.id = any(array_append((select ancestors from comments where id = ${commentId}), ${commentId}::uuid))
    order by cm.depth`;
}

/**
 * Replies under the given comments, shallowest and best first, at most `limit` of them (the
 * client asks for the rest of a subtree with `parentId`).
 */
export async function listDescendants(
  db: Db,
  postId: string,
  rootIds: string[],
  viewerId: string | null,
  limit: number,
): Promise<CommentRow[]> {
  if (rootIds.length === 0) return [];
  return db<CommentRow[]>`
    ${selectComments(db, viewerId)}
    where cm.post_id = ${postId} and cm.ancestors && ${rootIds}::uuid[]
    order by cm.depth, cm.upvotes desc, cm.id desc
    limit ${limit}`;
}

/**
 * The replies a thread's page brings under its top-level comments: the best `perComment` replies
 * of each comment, level by level, shallowest and best first, at most `limit` in all. A long
 * chain of single replies comes whole; a comment with many replies shows its best few. Every
 * reply's parent comes too (it is shallower, so it is not cut before its replies).
 */
export async function listRepliesOfTopLevel(
  db: Db,
  postId: string,
  topLevelIds: string[],
  viewerId: string | null,
  options: { perComment: number; limit: number },
): Promise<CommentRow[]> {
  if (topLevelIds.length === 0) return [];
  return db<CommentRow[]>`
    with recursive picked as (
      select r.id, r.depth, r.upvotes from comments r
      where r.post_id = ${postId} and r.id = any(${topLevelIds}::uuid[])
      union all
      select reply.id, reply.depth, reply.upvotes from picked
      cross join lateral (
        select c.id, c.depth, c.upvotes from comments c
        where c.parent_id = picked.id
        order by c.upvotes desc, c.id desc
        limit ${options.perComment}
      ) reply
    ), kept as (
      select id from picked where depth > 0
      order by depth, upvotes desc, id desc
      limit ${options.limit}
    )
    ${selectComments(db, viewerId)}
    where cm.id in (select id from kept)
    order by cm.depth, cm.upvotes desc, cm.id desc`;
}

export interface NewComment {
  postId: string;
  communityId: string;
  userId: string;
  userGroup: string;
  body: string;
  parent: { id: string; depth: number; ancestors: string[] } | null;
}

/**
 * Inserts a comment with its author's own upvote and keeps every counter exact: the post's
 * comment count and last activity, each ancestor's reply count, the parent's direct replies and
 * the author's comment count.
 */
export async function insertComment(tx: Db, comment: NewComment): Promise<string> {
  const ancestors = comment.parent ? [...comment.parent.ancestors, comment.parent.id] : [];
  const [row] = await tx<{ id: string }[]>`
    insert into comments (post_id, community_id, user_id, user_group, parent_id, depth, ancestors, body, upvotes, points)
    values (${comment.postId}, ${comment.communityId}, ${comment.userId}, ${comment.userGroup},
            ${comment.parent?.id ?? null}, ${comment.parent ? comment.parent.depth + 1 : 0}, ${ancestors}::uuid[],
            ${comment.body}, 1, 1)
    returning id`;
  if (!row) throw new Error('insert into comments returned nothing');
  await tx`insert into comment_votes (comment_id, user_id, up, counted) values (${row.id}, ${comment.userId}, true, false)`;
  await tx`update posts set no_comments = no_comments + 1, last_activity_at = now() where id = ${comment.postId}`;
  await tx`update users set no_comments = no_comments + 1 where id = ${comment.userId}`;
  if (ancestors.length > 0) {
    await tx`
      update comments set no_replies = no_replies + 1,
        no_replies_direct = no_replies_direct + (case when id = ${comment.parent?.id ?? null}::uuid then 1 else 0 end)
      where id = any(${ancestors}::uuid[])`;
  }
  return row.id;
}

export async function updateCommentBody(db: Db, id: string, body: string): Promise<void> {
  await db`update comments set body = ${body}, edited_at = now() where id = ${id}`;
}

export async function setCommentGroup(db: Db, id: string, group: string): Promise<void> {
  await db`update comments set user_group = ${group} where id = ${id}`;
}

/**
 * Deletes a comment: its words are stripped, its place in the thread stays (replies keep their
 * parent). The post and author counts drop by one; reply counts keep counting it as a node.
 */
export async function deleteComment(tx: Db, comment: { id: string; postId: string; userId: string }, by: { userId: string; as: string }) {
  const rows = await tx`
    update comments set deleted_at = now(), deleted_by = ${by.userId}, deleted_as = ${by.as}, body = ''
    where id = ${comment.id} and deleted_at is null returning id`;
  if (rows.length === 0) return;
  await tx`update posts set no_comments = greatest(no_comments - 1, 0) where id = ${comment.postId}`;
  await tx`update users set no_comments = greatest(no_comments - 1, 0) where id = ${comment.userId}`;
}

/** Every comment on the site, newest first (limit + 1 rows), for admins. */
export async function listLatestComments(db: Db, viewerId: string, limit: number, beforeId?: string): Promise<CommentRow[]> {
  return db<CommentRow[]>`
    ${selectComments(db, viewerId)}
    ${beforeId ? db`where cm.id < ${beforeId}` : db``}
    order by cm.id desc
    limit ${limit + 1}`;
}
