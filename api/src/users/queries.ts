import type { Db, Sql } from '../db/connect.ts';
import type { ImageJson } from '../images/present.ts';

export interface UserRow {
  id: string;
  username: string;
  email: string | null;
  passwordHash: string;
  aboutMe: string | null;
  points: number;
  isAdmin: boolean;
  notificationsNewCount: number;
  noPosts: number;
  noComments: number;
  createdAt: Date;
  createdIp: string | null;
  lastSeen: Date;
  lastSeenIp: string | null;
  deletedAt: Date | null;
  bannedAt: Date | null;
  embedsOff: boolean;
  homeFeed: 'all' | 'subscriptions';
  rememberFeedSort: boolean;
  upvoteNotificationsOff: boolean;
  replyNotificationsOff: boolean;
  hideUserProfilePictures: boolean;
  requireAltText: boolean;
  proPic: ImageJson | null;
  badges: Array<{ id: string; type: 'supporter' }>;
  moddingList: Array<{ id: string; name: string; proPic: ImageJson | null }>;
}

/** The columns of a full user row: the user, their picture, badges and the communities they moderate. */
function selectUsers(db: Db) {
  return db`
    select u.id, u.username, u.email, u.password_hash, u.about_me, u.points, u.is_admin,
      u.notifications_new_count, u.no_posts, u.no_comments, u.created_at, host(u.created_ip) as created_ip,
      u.last_seen, host(u.last_seen_ip) as last_seen_ip, u.deleted_at, u.banned_at, u.embeds_off, u.home_feed,
      u.remember_feed_sort, u.upvote_notifications_off, u.reply_notifications_off,
      u.hide_user_profile_pictures, u.require_alt_text,
      (select json_build_object('id', i.id, 'format', i.format, 'width', i.width, 'height', i.height,
              'altText', i.alt_text, 'averageColor', i.average_color, 'copies', i.copies)
         from images i where i.id = u.pro_pic_id) as pro_pic,
      coalesce((select json_agg(json_build_object('id', b.id, 'type', b.type) order by b.created_at)
         from user_badges b where b.user_id = u.id), '[]') as badges,
      coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'proPic', null) order by lower(c.name))
         from community_mods m join communities c on c.id = m.community_id
         where m.user_id = u.id and c.deleted_at is null), '[]') as modding_list
    from users u`;
}

export async function getUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db<UserRow[]>`${selectUsers(db)} where u.id = ${id}`;
  return row;
}

export async function getUserByName(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db<UserRow[]>`${selectUsers(db)} where lower(u.username) = lower(${username})`;
  return row;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db<{ n: number }[]>`select count(*)::int as n from users where deleted_at is null`;
  return row?.n ?? 0;
}

export interface NewUser {
  username: string;
  email: string | null;
  passwordHash: string;
  ip: string | null;
}

/**
 * Inserts a user. The first account of a new site becomes an admin; the advisory lock makes two
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
    return row;
  }) as Promise<{ id: string; isAdmin: boolean } | 'taken'>;
}

export async function setAdmin(db: Db, username: string, isAdmin: boolean): Promise<boolean> {
  const rows = await db`update users set is_admin = ${isAdmin} where lower(username) = lower(${username}) returning id`;
  return rows.length > 0;
}

/** The user behind a session, with the session's last activity; none when expired or unknown. */
export async function getUserBySession(
  db: Db,
  sessionId: string,
): Promise<(UserRow & { sessionLastSeenAt: Date }) | undefined> {
  const [row] = await db<(UserRow & { sessionLastSeenAt: Date })[]>`
    select su.*, s.last_seen_at as session_last_seen_at
    from sessions s
    cross join lateral (${selectUsers(db)} where u.id = s.user_id) su
    where s.id = ${sessionId} and s.expires_at > now()`;
  return row;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db`update users set password_hash = ${passwordHash} where id = ${userId}`;
}

export interface ProfileChanges {
  aboutMe?: string | null;
  email?: string;
  upvoteNotificationsOff?: boolean;
  replyNotificationsOff?: boolean;
  homeFeed?: 'all' | 'subscriptions';
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
      home_feed = coalesce(${changes.homeFeed ?? null}::text, home_feed),
      remember_feed_sort = coalesce(${changes.rememberFeedSort ?? null}::boolean, remember_feed_sort),
      embeds_off = coalesce(${changes.embedsOff ?? null}::boolean, embeds_off),
      hide_user_profile_pictures = coalesce(${changes.hideUserProfilePictures ?? null}::boolean, hide_user_profile_pictures),
      require_alt_text = coalesce(${changes.requireAltText ?? null}::boolean, require_alt_text)
    where id = ${userId}`;
}
