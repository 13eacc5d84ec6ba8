// Storing notifications: insert or merge one, keep each user's newest NOTIFICATIONS_KEPT, keep the
// user's count of unseen ones, and queue a push for every new version that is worth one.
import type { NotificationType } from '@quorum/shared/entities/notifications';
import type { Db, Sql } from '../db/connect.ts';
import type { Jobs } from '../jobs/queue.ts';

/** Each user keeps at most this many notifications; older ones go on every insert. */
export const NOTIFICATIONS_KEPT = 200;
/** A comment or vote notification merges into an unseen one of the same subject among the newest this many. */
const MERGE_WINDOW = 10;

export const JOB_PUSH = 'push-notification';
export interface PushJob {
  notificationId: string;
  version: number;
}

export interface NotifyDeps {
  sql: Sql;
  jobs: Jobs;
}

export interface StoredNotification {
  id: string;
  userId: string;
  type: NotificationType;
  version: number;
}

/** Types never pushed: upvotes (too many) and a denied request (it links nowhere). */
const NOT_PUSHED: ReadonlySet<NotificationType> = new Set(['new_votes', 'denied_comm']);

/** Deletes a user's notifications beyond the newest NOTIFICATIONS_KEPT and recounts the unseen ones. */
export async function trimAndRecount(db: Db, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db`
    delete from notifications n using (
      select id from (
        select id, row_number() over (partition by user_id order by updated_at desc, id desc) as position
        from notifications where user_id = any(${userIds}::uuid[])
      ) ranked where position > ${NOTIFICATIONS_KEPT}
    ) old where n.id = old.id`;
  await db`
    update users u set notifications_new_count =
      (select count(*) from notifications n where n.user_id = u.id and n.seen_at is null)
    where u.id = any(${userIds}::uuid[])`;
}

/** Makes one user's notification writes take turns (call inside a transaction). */
export async function lockRecipient(db: Db, userId: string): Promise<void> {
  await db`select id from users where id = ${userId} for update`;
}

export async function insertNotification(
  db: Db,
  userId: string,
  type: NotificationType,
  payload: Record<string, unknown>,
): Promise<StoredNotification> {
  const [row] = await db<StoredNotification[]>`
    insert into notifications (user_id, type, payload) values (${userId}, ${type}, ${db.json(payload as never)})
    returning id, user_id, type, version`;
  if (!row) throw new Error('insert into notifications returned no row');
  await trimAndRecount(db, [userId]);
  return row;
}

/**
 * Merges into the user's unseen notification of `type` whose payload has `key` (among the newest
 * MERGE_WINDOW), changing its payload with `merge`; inserts `fresh` when there is none.
 */
export async function upsertNotification<P extends Record<string, unknown>>(
  db: Db,
  userId: string,
  type: NotificationType,
  key: Record<string, string>,
  fresh: P,
  merge: (previous: P) => P,
): Promise<StoredNotification> {
  const [existing] = await db<{ id: string; payload: P }[]>`
    select id, payload from (
      select id, type, payload, seen_at from notifications where user_id = ${userId}
      order by updated_at desc, id desc limit ${MERGE_WINDOW}
    ) recent
    where type = ${type} and seen_at is null and payload @> ${db.json(key as never)}
    limit 1`;
  if (!existing) return insertNotification(db, userId, type, fresh);
  const [row] = await db<StoredNotification[]>`
    update notifications set payload = ${db.json(merge(existing.payload) as never)}, version = version + 1, updated_at = now()
    where id = ${existing.id} returning id, user_id, type, version`;
  if (!row) throw new Error('update of notifications returned no row');
  await trimAndRecount(db, [userId]);
  return row;
}

/** Queues a push of the notification's current version to the user's devices, if it is pushed at all. */
export async function queuePush(deps: NotifyDeps, notification: StoredNotification): Promise<void> {
  if (NOT_PUSHED.has(notification.type)) return;
  const [subscribed] = await deps.sql`select 1 from push_subscriptions where user_id = ${notification.userId} limit 1`;
  if (!subscribed) return;
  const job: PushJob = { notificationId: notification.id, version: notification.version };
  await deps.jobs.send(JOB_PUSH, job, { singletonKey: `${notification.id}:${notification.version}`, group: { id: notification.userId } });
}
