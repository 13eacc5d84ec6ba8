// The reads of comments: by id, a post's thread in pages, a comment's path and subtree, the latest
// comments; each with the viewer's vote and mute of the author.
import type { Db } from '../db/connect.ts';
import type { CommentRow } from './comment-present.ts';

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
      cm.deleted_as, cm.held_at, v.up as vote_up,
      ${authorMuted(db, viewerId)}
    from comments cm
    join posts p on p.id = cm.post_id
    join communities c on c.id = cm.community_id
    join users u on u.id = cm.user_id
    left join comment_votes v on v.comment_id = cm.id and v.user_id = ${viewerId}`;
}

/** Comments waiting for approval are in a thread only for their author (mods see them in the queue). */
function shownTo(db: Db, viewerId: string | null) {
  return db`(cm.held_at is null or cm.user_id = ${viewerId})`;
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

/**
 * The viewer's votes on the comments of post `p` of the statement, as `viewerCommentVotes` lists
 * them, found by the post (every comment of it they voted on, whatever the page shows).
 */
export function viewerPostCommentVotes(db: Db, viewerId: string) {
  return db`(
    select coalesce(json_agg(json_build_object('id', v.comment_id, 'up', v.up)), '[]')
    from comment_votes v
    where v.user_id = ${viewerId} and v.post_id = p.id)`;
}

/** The viewer's votes on comments `ids` of one author, and whether they muted that author. */
export interface AuthorCommentsRelation {
  commentVotes: CommentVote[];
  authorMuted: boolean;
}

/** How `viewerId` stands with comments `ids`, all by `authorId`: for a profile's page made from the visitors' one. */
export async function getAuthorCommentsRelation(db: Db, viewerId: string, authorId: string, ids: readonly string[]): Promise<AuthorCommentsRelation> {
  const [row] = await db<AuthorCommentsRelation[]>`
    select ${viewerCommentVotes(db, viewerId, ids)} as comment_votes,
      exists (select 1 from user_mutes m where m.user_id = ${viewerId} and m.muted_user_id = ${authorId}) as author_muted`;
  return row!;
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
    where cm.post_id = ${postId} and cm.parent_id is null and ${shownTo(db, viewerId)}
      ${after ? db`and (cm.upvotes, cm.id) < (${after.upvotes}, ${after.id})` : db``}
    order by cm.upvotes desc, cm.id desc
    limit ${limit + 1}`;
}

/** A comment and the comments above it, from the top of the thread down. */
export async function listCommentPath(db: Db, postId: string, commentId: string, viewerId: string | null): Promise<CommentRow[]> {
  return db<CommentRow[]>`
    ${selectComments(db, viewerId)}
    where cm.post_id = ${postId} and ${shownTo(db, viewerId)}
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
    where cm.post_id = ${postId} and cm.ancestors && ${rootIds}::uuid[] and ${shownTo(db, viewerId)}
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
        where c.parent_id = picked.id and (c.held_at is null or c.user_id = ${viewerId})
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

/** Every comment on the site, newest first (limit + 1 rows), for admins. */
export async function listLatestComments(db: Db, viewerId: string, limit: number, beforeId?: string): Promise<CommentRow[]> {
  return db<CommentRow[]>`
    ${selectComments(db, viewerId)}
    where cm.held_at is null ${beforeId ? db`and cm.id < ${beforeId}` : db``}
    order by cm.id desc
    limit ${limit + 1}`;
}
