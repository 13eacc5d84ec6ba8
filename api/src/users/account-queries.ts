import type { BadgeType } from '@quorum/shared/entities/users';
import type { Db } from '../db/connect.ts';

/** Sets or clears a user's profile picture; answers the image it replaced, if any. */
export async function setProPic(db: Db, userId: string, imageId: string | null): Promise<string | null> {
  const [row] = await db<{ previous: string | null }[]>`
    update users u set pro_pic_id = ${imageId}
    from users old
    where u.id = ${userId} and old.id = u.id
    returning old.pro_pic_id as previous`;
  return row?.previous ?? null;
}

/**
 * Removes what identifies a person from their account and what they only had for themself
 * (sessions and push subscriptions, passkeys, two-step secrets and emailed links, badges, mutes,
 * hidden posts, notifications, lists, memberships and moderator seats), and others' mutes of them, which would otherwise single out their
 * `[deleted]` comments; the row stays, so that their posts and comments keep an author and the
 * name cannot be taken to pose as them.
 */
export async function anonymiseUser(tx: Db, userId: string): Promise<void> {
  await tx`
    update users set deleted_at = now(), email = null, email_confirmed_at = null, password_hash = '',
      about_me = null, pro_pic_id = null, is_admin = false, created_ip = null, last_seen_ip = null,
      notifications_new_count = 0
    where id = ${userId}`;
  await tx`delete from push_subscriptions where user_id = ${userId}`;
  await tx`delete from sessions where user_id = ${userId}`;
  await tx`delete from passkeys where user_id = ${userId}`;
  await tx`delete from user_totp where user_id = ${userId}`;
  await tx`delete from backup_codes where user_id = ${userId}`;
  await tx`delete from login_challenges where user_id = ${userId}`;
  await tx`delete from password_resets where user_id = ${userId}`;
  await tx`delete from email_confirmations where user_id = ${userId}`;
  await tx`delete from user_badges where user_id = ${userId}`;
  await tx`delete from user_mutes where user_id = ${userId}`;
  await tx`delete from user_mutes where muted_user_id = ${userId}`;
  await tx`delete from community_mutes where user_id = ${userId}`;
  await tx`delete from lists where user_id = ${userId}`;
  await tx`delete from hidden_posts where user_id = ${userId}`;
  await tx`delete from notifications where user_id = ${userId}`;
  await tx`delete from community_mods where user_id = ${userId}`;
  await tx`
    with removed as (delete from community_members where user_id = ${userId} returning community_id)
    update communities c set no_members = greatest(no_members - 1, 0)
    from removed where c.id = removed.community_id`;
}

/** Gives a user a badge; answers false when they already had it. */
export async function insertBadge(db: Db, userId: string, type: BadgeType): Promise<boolean> {
  const rows = await db`
    insert into user_badges (user_id, type) values (${userId}, ${type})
    on conflict (user_id, type) do nothing returning id`;
  return rows.length > 0;
}

/** Takes a badge away, by its id or its type; answers false when the user had no such badge. */
export async function deleteBadge(db: Db, userId: string, badge: { id: string } | { type: string }): Promise<boolean> {
  const rows = await db`
    delete from user_badges
    where user_id = ${userId} and ${'id' in badge ? db`id = ${badge.id}` : db`type = ${badge.type}`}
    returning id`;
  return rows.length > 0;
}
