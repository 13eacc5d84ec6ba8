import type { Db } from '../db/connect.ts';

/** Bans a user: marks the account and ends every session (their push subscriptions go with them). */
export async function banAccount(tx: Db, userId: string): Promise<void> {
  await tx`update users set banned_at = coalesce(banned_at, now()) where id = ${userId}`;
  await tx`delete from push_subscriptions where user_id = ${userId}`;
  await tx`delete from sessions where user_id = ${userId}`;
}

/** Lifts a ban; answers undefined when no live account has that name. */
export async function unbanAccount(db: Db, username: string): Promise<{ id: string; username: string } | undefined> {
  const [row] = await db<{ id: string; username: string }[]>`
    update users set banned_at = null where lower(username) = lower(${username}) and deleted_at is null returning id, username`;
  return row;
}

/**
 * Deletes as admins (content removed) the posts of `userId` created since `since` (all of them
 * when null) that are not yet purged; the author's count of posts drops by those newly deleted.
 * Rows already deleted or purged are left as they are, so that running it again changes nothing.
 */
export async function purgeUserPosts(tx: Db, userId: string, adminId: string, since: Date | null): Promise<void> {
  const window = since ? tx`and created_at >= ${since}` : tx``;
  await tx`
    with deleted as (
      update posts set deleted_at = now(), deleted_by = ${adminId}, deleted_as = 'admins', pinned_at = null, pinned_site_at = null
      where user_id = ${userId} and deleted_at is null ${window}
      returning id, held_at)
    update users set no_posts = greatest(no_posts - (select count(*)::int from deleted where held_at is null), 0) where id = ${userId}`;
  await tx`
    with purged as (
      update posts set deleted_content_at = now(), deleted_content_by = ${adminId}, deleted_content_as = 'admins',
        body = null, link_image_id = null
      where user_id = ${userId} and deleted_content_at is null ${window}
      returning id)
    update images set deleted_at = now()
    where deleted_at is null and id in (select pi.image_id from post_images pi join purged on purged.id = pi.post_id)`;
}

/**
 * Deletes as admins the comments of `userId` created since `since` (all when null): their words
 * are stripped and their places in threads stay; post and author counts drop by those newly deleted.
 */
export async function purgeUserComments(tx: Db, userId: string, adminId: string, since: Date | null): Promise<void> {
  const window = since ? tx`and created_at >= ${since}` : tx``;
  await tx`
    with deleted as (
      update comments set deleted_at = now(), deleted_by = ${adminId}, deleted_as = 'admins', body = ''
      where user_id = ${userId} and deleted_at is null ${window}
      returning post_id, held_at),
    -- Comments held for approval were never counted.
    counted as (select post_id from deleted where held_at is null),
    per_post as (
      update posts p set no_comments = greatest(p.no_comments - d.n, 0)
      from (select post_id, count(*)::int as n from counted group by post_id) d
      where p.id = d.post_id)
    update users set no_comments = greatest(no_comments - (select count(*)::int from counted), 0) where id = ${userId}`;
}
