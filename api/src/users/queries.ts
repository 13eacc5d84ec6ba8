import type { HomeFeed } from '@quorum/shared/entities/users';
import type { Db, Sql } from '../db/connect.ts';
import { likeContaining } from '../db/like.ts';
import { imageJson } from '../images/queries.ts';
import type { UserRow } from './present.ts';

/** The columns of a full user row: the user, their picture, badges and the communities they moderate. */
function selectUsers(db: Db, extra = db``) {
  return db`
    select u.id, u.username, u.email, u.email_confirmed_at, u.about_me, u.points, u.is_admin,
      u.notifications_new_count, u.no_posts, u.no_comments, u.created_at, host(u.created_ip) as created_ip,
      u.last_seen, host(u.last_seen_ip) as last_seen_ip, u.deleted_at, u.banned_at, u.embeds_off, u.home_feed,
      u.remember_feed_sort, u.upvote_notifications_off, u.reply_notifications_off, u.moderation_notifications_off,
      u.announcement_notifications_off,
      u.hide_user_profile_pictures, u.require_alt_text,
      ${imageJson(db, db`u.pro_pic_id`)} as pro_pic,
      coalesce((select json_agg(json_build_object('id', b.id, 'type', b.type) order by b.created_at)
         from user_badges b where b.user_id = u.id), '[]') as badges,
      coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'proPic', null) order by lower(c.name))
         from community_mods m join communities c on c.id = m.community_id
         where m.user_id = u.id and c.deleted_at is null), '[]') as modding_list
      ${extra}
    from users u`;
}

/** The full row of a user known to exist: the session's, or one just created. */
export async function loadUser(db: Db, id: string): Promise<UserRow> {
  return loadUserWith<object>(db, id, db``);
}

/**
 * `loadUser` with more columns in the same statement (`extra`, each starting with a comma, which
 * may read `u`), named in camelCase in the row as the others are.
 */
export async function loadUserWith<Extra extends object>(db: Db, id: string, extra: Parameters<typeof selectUsers>[1]): Promise<UserRow & Extra> {
  const [row] = await db<Array<UserRow & Extra>>`${selectUsers(db, extra)} where u.id = ${id}`;
  if (!row) throw new Error(`user ${id} is missing`);
  return row;
}

export async function getUserByName(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db<UserRow[]>`${selectUsers(db)} where lower(u.username) = lower(${username})`;
  return row;
}

/** Users by id, in no particular order; ids of no user are left out. */
export async function getUsersByIds(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db<UserRow[]>`${selectUsers(db)} where u.id = any(${ids}::uuid[])`;
}

/**
 * Accounts, deleted and banned ones too, newest first (limit + 1 rows), for admins: every one, or
 * those whose name or email contains `search`.
 */
export async function listUsers(db: Db, limit: number, options: { beforeId?: string; search?: string }): Promise<UserRow[]> {
  const { beforeId, search } = options;
  const pattern = search ? likeContaining(search.toLowerCase()) : null;
  return db<UserRow[]>`
    ${selectUsers(db)}
    where true
      ${beforeId ? db`and u.id < ${beforeId}` : db``}
      ${pattern ? db`and (lower(u.username) like ${pattern} or lower(u.email) like ${pattern})` : db``}
    order by u.id desc
    limit ${limit + 1}`;
}

export interface NewUser {
  username: string;
  email: string | null;
  passwordHash: string;
  ip: string | null;
}

/**
 * Inserts a user with their private Bookmarks list, so that saving has somewhere to go from the
 * start. The first account of a new site becomes an admin; the advisory lock makes two
 * simultaneous first sign-ups take turns, so only one of them can be first.
 */
export async function insertUser(db: Sql, user: NewUser): Promise<{ id: string; isAdmin: boolean } | 'taken'> {
  return db.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(727002)`;
    const [taken] = await tx`select 1 from users where lower(username) = lower(${user.username})`;
    if (taken) return 'taken' as const;
    const [row] = await tx<{ id: string; isAdmin: boolean }[]>`
      insert into users (username, email, password_hash, created_ip, last_seen_ip, is_admin)
      values (${user.username}, ${user.email}, ${user.passwordHash}, ${user.ip}, ${user.ip},
              not exists (select 1 from users))
      returning id, is_admin`;
    if (!row) throw new Error('insert into users returned nothing');
    await tx`insert into lists (user_id, name, display_name, public) values (${row.id}, 'bookmarks', 'Bookmarks', false)`;
    return row;
  }) as Promise<{ id: string; isAdmin: boolean } | 'taken'>;
}

export async function setAdmin(db: Db, username: string, isAdmin: boolean): Promise<boolean> {
  const rows = await db`update users set is_admin = ${isAdmin} where lower(username) = lower(${username}) returning id`;
  return rows.length > 0;
}

/** What the rules for creating posts and communities look at besides the session. */
export async function getContributorFacts(db: Db, userId: string): Promise<{ points: number; requireAltText: boolean }> {
  const [row] = await db<{ points: number; requireAltText: boolean }[]>`
    select points, require_alt_text from users where id = ${userId}`;
  if (!row) throw new Error(`user ${userId} is missing`);
  return row;
}

/** The stored password hash; read only by the code that checks a password. */
export async function getPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db<{ passwordHash: string }[]>`select password_hash from users where id = ${userId}`;
  return row?.passwordHash;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db`update users set password_hash = ${passwordHash} where id = ${userId}`;
}

export interface ProfileChanges {
  aboutMe?: string | null;
  email?: string;
  upvoteNotificationsOff?: boolean;
  replyNotificationsOff?: boolean;
  moderationNotificationsOff?: boolean;
  announcementNotificationsOff?: boolean;
  homeFeed?: HomeFeed;
  rememberFeedSort?: boolean;
  embedsOff?: boolean;
  hideUserProfilePictures?: boolean;
  requireAltText?: boolean;
}

/** Changes the given profile fields and preferences; fields left out keep their values. */
export async function updateProfile(db: Db, userId: string, changes: ProfileChanges): Promise<void> {
  await db`
    update users set
      about_me = case when ${changes.aboutMe !== undefined} then ${changes.aboutMe?.trim() || null} else about_me end,
      email = case when ${changes.email !== undefined} then ${changes.email || null} else email end,
      upvote_notifications_off = coalesce(${changes.upvoteNotificationsOff ?? null}::boolean, upvote_notifications_off),
      reply_notifications_off = coalesce(${changes.replyNotificationsOff ?? null}::boolean, reply_notifications_off),
      moderation_notifications_off = coalesce(${changes.moderationNotificationsOff ?? null}::boolean, moderation_notifications_off),
      announcement_notifications_off = coalesce(${changes.announcementNotificationsOff ?? null}::boolean, announcement_notifications_off),
      home_feed = coalesce(${changes.homeFeed ?? null}::text, home_feed),
      remember_feed_sort = coalesce(${changes.rememberFeedSort ?? null}::boolean, remember_feed_sort),
      embeds_off = coalesce(${changes.embedsOff ?? null}::boolean, embeds_off),
      hide_user_profile_pictures = coalesce(${changes.hideUserProfilePictures ?? null}::boolean, hide_user_profile_pictures),
      require_alt_text = coalesce(${changes.requireAltText ?? null}::boolean, require_alt_text)
    where id = ${userId}`;
}
