// The posts and comments of a community waiting for approval, and publishing them.
import type { Db } from '../db/connect.ts';
import { epochMicros, fromEpochMicros } from '../db/micros.ts';

export interface HeldRow {
  type: 'post' | 'comment';
  id: string;
  postId: string;
  heldAt: Date;
  heldUs: number;
  heldReason: string;
}

/** A page of a community's held posts and comments, oldest first (limit + 1 rows). */
export async function listHeld(db: Db, communityId: string, limit: number, after?: { us: number; id: string }): Promise<HeldRow[]> {
  const before = (table: string) =>
    after ? db`and (${db(table)}.held_at, ${db(table)}.id) > (${fromEpochMicros(db, after.us)}, ${after.id}::uuid)` : db``;
  return db<HeldRow[]>`
    select type, id, post_id, held_at, ${epochMicros(db, db`held_at`)} as held_us, held_reason from (
      (select 'post' as type, posts.id, posts.id as post_id, posts.held_at, posts.held_reason from posts
       where posts.community_id = ${communityId} and posts.held_at is not null and posts.deleted_at is null ${before('posts')}
       order by posts.held_at, posts.id limit ${limit + 1})
      union all
      (select 'comment', comments.id, comments.post_id, comments.held_at, comments.held_reason from comments
       where comments.community_id = ${communityId} and comments.held_at is not null and comments.deleted_at is null ${before('comments')}
       order by comments.held_at, comments.id limit ${limit + 1})
    ) held
    order by held_at, id
    limit ${limit + 1}`;
}

export async function countHeld(db: Db, communityId: string): Promise<number> {
  const [row] = await db<{ count: number }[]>`
    select (select count(*) from posts where community_id = ${communityId} and held_at is not null and deleted_at is null)::int
         + (select count(*) from comments where community_id = ${communityId} and held_at is not null and deleted_at is null)::int as count`;
  return row?.count ?? 0;
}

/** Which of a community's held items `id` is: a post, a comment, or none. */
export async function findHeld(db: Db, communityId: string, id: string): Promise<{ type: 'post' | 'comment'; postId: string } | undefined> {
  const [row] = await db<{ type: 'post' | 'comment'; postId: string }[]>`
    select 'post' as type, id as post_id from posts
    where id = ${id} and community_id = ${communityId} and held_at is not null and deleted_at is null
    union all
    select 'comment', post_id from comments
    where id = ${id} and community_id = ${communityId} and held_at is not null and deleted_at is null`;
  return row;
}

/** Publishes a held post at its original time; undefined when it is no longer held. */
export async function publishPost(tx: Db, id: string): Promise<{ userId: string; communityId: string } | undefined> {
  const [row] = await tx<{ userId: string; communityId: string }[]>`
    update posts set held_at = null, held_reason = null
    where id = ${id} and held_at is not null and deleted_at is null
    returning user_id, community_id`;
  return row;
}

/** Publishes a held comment at its original time; undefined when it is no longer held. */
export async function publishComment(
  tx: Db,
  id: string,
): Promise<{ postId: string; userId: string; parentId: string | null; ancestors: string[] } | undefined> {
  const [row] = await tx<{ postId: string; userId: string; parentId: string | null; ancestors: string[] }[]>`
    update comments set held_at = null, held_reason = null
    where id = ${id} and held_at is not null and deleted_at is null
    returning post_id, user_id, parent_id, ancestors`;
  return row;
}
