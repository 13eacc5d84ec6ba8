import type { NotificationType } from '@quorum/shared/entities/notifications';
import type { Db } from '../db/connect.ts';
import { epochMicros, fromEpochMicros } from '../db/micros.ts';
import type { Cursor } from '../http/cursor.ts';
import type { ImageJson } from '../images/present.ts';
import { imageJson } from '../images/queries.ts';

/** After notifications were seen or deleted the new count can only go down, never back up. */
async function lowerNewCount(db: Db, userId: string): Promise<void> {
  await db`
    update users set notifications_new_count = least(notifications_new_count,
      (select count(*) from notifications where user_id = ${userId} and seen_at is null))
    where id = ${userId}`;
}

/** A notification with what its title, link and icon are made of. */
export interface NotificationRow {
  id: string;
  userId: string;
  type: NotificationType;
  payload: Record<string, unknown>;
  seenAt: Date | null;
  createdAt: Date;
  /** Microseconds since the epoch of the last change: the list's order and cursor. */
  position: number;
  version: number;
  postPublicId: string | null;
  postTitle: string | null;
  postDeleted: boolean;
  /** Whether the notification's user wrote the post (they still see its title once it is deleted). */
  ownPost: boolean;
  communityId: string | null;
  communityName: string | null;
  recipientName: string;
  actorImage: ImageJson | null;
  postImage: ImageJson | null;
  communityImage: ImageJson | null;
}

// The notifications of `source` (a table or a subquery of notifications) with what they are made
// of. The post a notification is about: named in the payload, or the post of a voted comment. The
// commenter is found by name in any case, as the index of names holds them (names are unique in
// any case).
function selectRendered(db: Db, source: ReturnType<Db> = db`notifications`) {
  return db`
    select n.id, n.user_id, n.type, n.payload, n.seen_at, n.created_at, n.version,
           ${epochMicros(db, db`n.updated_at`)} as position,
           p.public_id as post_public_id, p.title as post_title, p.deleted_at is not null as post_deleted,
           coalesce(p.user_id = n.user_id, false) as own_post,
           c.id as community_id, coalesce(c.name, n.payload->>'communityName') as community_name, r.username as recipient_name,
           ${imageJson(db, db`actor.pro_pic_id`)} as actor_image,
           ${imageJson(db, db`(select pi.image_id from post_images pi where pi.post_id = p.id order by pi.z_index limit 1)`)} as post_image,
           ${imageJson(db, db`c.pro_pic_id`)} as community_image
    from ${source} n
    join users r on r.id = n.user_id
    left join comments voted on n.type = 'new_votes' and n.payload->>'targetType' = 'comment'
      and voted.id = (n.payload->>'targetId')::uuid
    left join posts p on p.id = coalesce(
      (n.payload->>'postId')::uuid,
      case when n.payload->>'targetType' = 'post' then (n.payload->>'targetId')::uuid end,
      voted.post_id)
    left join communities c on c.id = p.community_id
      or (p.id is null and n.payload ? 'communityName' and lower(c.name) = lower(n.payload->>'communityName'))
    left join users actor on actor.deleted_at is null and lower(actor.username) = lower(n.payload->>'commentAuthor')`;
}

/**
 * The statement that reads the newest `limit` + 1 of a user's notifications after the cursor: the
 * page is taken in the order of their index first, so that only its notifications are rendered
 * however many the user has.
 */
function listed(db: Db, userId: string, after: Cursor | undefined, limit: number) {
  const page = selectRendered(db, db`(
    select * from notifications n
    where n.user_id = ${userId}
      and ${after ? db`(n.updated_at, n.id) < (${fromEpochMicros(db, Number(after.value))}, ${after.id}::uuid)` : db`true`}
    order by n.updated_at desc, n.id desc
    limit ${limit + 1})`);
  return db`select * from (${page}) listed order by listed.position desc, listed.id desc`;
}

/** The newest `limit` + 1 of a user's notifications after the cursor (their archive reads them all this way). */
export async function listNotifications(db: Db, userId: string, after: Cursor | undefined, limit: number): Promise<NotificationRow[]> {
  return db<NotificationRow[]>`${listed(db, userId, after, limit)}`;
}

/**
 * A page of a user's notifications (`limit` + 1 rows) with how many they have and how many are
 * new, in one statement, so that the counts and the page agree while notifications arrive.
 */
export async function readNotificationsPage(
  db: Db,
  userId: string,
  after: Cursor | undefined,
  limit: number,
): Promise<{ rows: NotificationRow[]; count: number; newCount: number }> {
  // Without notifications, the one row holds the counts alone.
  type Row = Omit<NotificationRow, 'id'> & { id: string | null; totalCount: number; newCount: number };
  const rows = await db<Row[]>`
    with counts as (
      select (select count(*) from notifications where user_id = ${userId}) as total_count, notifications_new_count as new_count
      from users where id = ${userId}
    ), page as (${listed(db, userId, after, limit)})
    select counts.*, page.* from counts left join page on true
    order by page.position desc, page.id desc`;
  const first = rows[0];
  return {
    rows: rows.filter((row): row is Row & { id: string } => row.id !== null),
    count: first?.totalCount ?? 0,
    newCount: first?.newCount ?? 0,
  };
}

export async function getNotification(db: Db, userId: string, id: string): Promise<NotificationRow | null> {
  const [row] = await db<NotificationRow[]>`${selectRendered(db)} where n.user_id = ${userId} and n.id = ${id}`;
  return row ?? null;
}

/** A notification to push: its user and what it is made of, whoever asks. */
export async function getNotificationForPush(db: Db, id: string): Promise<(NotificationRow & { pushedVersion: number; newCount: number }) | null> {
  const [row] = await db<(NotificationRow & { pushedVersion: number; newCount: number })[]>`
    select rendered.*, n.pushed_version, u.notifications_new_count as new_count
    from (${selectRendered(db)} where n.id = ${id}) rendered
    join notifications n on n.id = rendered.id join users u on u.id = rendered.user_id`;
  return row ?? null;
}

export async function resetNewCount(db: Db, userId: string): Promise<void> {
  await db`update users set notifications_new_count = 0 where id = ${userId}`;
}

export async function markAllSeen(db: Db, userId: string, type: NotificationType | undefined): Promise<void> {
  await db`
    update notifications set seen_at = now()
    where user_id = ${userId} and seen_at is null ${type ? db`and type = ${type}` : db``}`;
  await lowerNewCount(db, userId);
}

export async function deleteAllNotifications(db: Db, userId: string): Promise<void> {
  await db`delete from notifications where user_id = ${userId}`;
  await db`update users set notifications_new_count = 0 where id = ${userId}`;
}

/** Marks one notification seen or unseen; false when the user has no such notification. */
export async function setSeen(db: Db, userId: string, id: string, seen: boolean): Promise<boolean> {
  const rows = await db`
    update notifications set seen_at = ${seen ? db`coalesce(seen_at, now())` : null}
    where user_id = ${userId} and id = ${id} returning id`;
  if (rows.length === 0) return false;
  await lowerNewCount(db, userId);
  return true;
}

export async function deleteNotification(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db`delete from notifications where user_id = ${userId} and id = ${id} returning id`;
  if (rows.length === 0) return false;
  await lowerNewCount(db, userId);
  return true;
}

/** Records that a version of a notification reached every device it was sent to. */
export async function markPushed(db: Db, id: string, version: number): Promise<void> {
  await db`update notifications set pushed_version = greatest(pushed_version, ${version}) where id = ${id}`;
}

/** Forgets the session's push subscription, if it has one. */
export async function deletePushSubscription(db: Db, sessionId: string): Promise<void> {
  await db`delete from push_subscriptions where session_id = ${sessionId}`;
}

/** Keeps the session's push subscription: one per session, replaced when it changes. */
export async function savePushSubscription(
  db: Db,
  subscription: { sessionId: string; userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db`
    insert into push_subscriptions (session_id, user_id, endpoint, p256dh, auth)
    values (${subscription.sessionId}, ${subscription.userId}, ${subscription.endpoint}, ${subscription.p256dh}, ${subscription.auth})
    on conflict (session_id) do update set
      user_id = excluded.user_id, endpoint = excluded.endpoint, p256dh = excluded.p256dh, auth = excluded.auth, updated_at = now(),
      failed_notifications = '{}', failing_since = null`;
}

/** Failed pushes within PUSH_FAILURE_WINDOW_HOURS after which a subscription is dropped. */
export const PUSH_FAILURES_MAX = 3;
const PUSH_FAILURE_WINDOW_HOURS = 24;

/**
 * Counts a failed push of `notificationId` against a subscription and answers how many different
 * pushes failed since the first failure (its retries count once; a count older than
 * PUSH_FAILURE_WINDOW_HOURS starts over).
 */
export async function countPushFailure(db: Db, subscriptionId: string, notificationId: string): Promise<number> {
  const [row] = await db<{ failures: number }[]>`
    with counted as (
      select id, failing_since > now() - make_interval(hours => ${PUSH_FAILURE_WINDOW_HOURS}) as recent
      from push_subscriptions where id = ${subscriptionId})
    update push_subscriptions s set
      failed_notifications = case
        when not coalesce(counted.recent, false) then array[${notificationId}::uuid]
        when ${notificationId}::uuid = any(s.failed_notifications) then s.failed_notifications
        else s.failed_notifications || ${notificationId}::uuid end,
      failing_since = case when coalesce(counted.recent, false) then s.failing_since else now() end
    from counted where s.id = counted.id
    returning cardinality(s.failed_notifications) as failures`;
  return row?.failures ?? 0;
}

/** A push went through: the subscription's failures are forgotten. */
export async function clearPushFailures(db: Db, subscriptionIds: readonly string[]): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await db`
    update push_subscriptions set failed_notifications = '{}', failing_since = null
    where id = any(${subscriptionIds}::uuid[]) and failing_since is not null`;
}
