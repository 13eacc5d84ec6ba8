import type { NotifyDeps, PushJob } from './store.ts';
import { JOB_PUSH, trimAndRecount } from './store.ts';

/** Users are told of an announcement this many at a time, each batch in a transaction of its own. */
const BATCH = 1000;

/**
 * Tells every user of an announced post (announcement), but those who turned announcements off: each keeps at most one unseen
 * announcement, the newest. Goes through the users in batches by id, so that a big site never
 * holds one long transaction; a retried job does not tell anyone twice.
 */
export async function announceToAll(deps: NotifyDeps, postId: string): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await deps.sql.begin(async (tx) => {
      const users = await tx<{ id: string; announcementNotificationsOff: boolean }[]>`
        select id, announcement_notifications_off from users where deleted_at is null and id > ${after}::uuid order by id limit ${BATCH} for update`;
      if (users.length === 0) return null;
      const lastId = users[users.length - 1]?.id ?? after;
      // Those who turned announcements off are passed over.
      const ids = users.filter((user) => !user.announcementNotificationsOff).map((user) => user.id);
      await tx`
        delete from notifications where user_id = any(${ids}::uuid[]) and type = 'announcement' and seen_at is null
          and payload->>'postId' <> ${postId}`;
      const created = await tx<{ id: string }[]>`
        insert into notifications (user_id, type, payload)
        select u, 'announcement', jsonb_build_object('postId', ${postId}::text) from unnest(${ids}::uuid[]) u
        where not exists (
          select 1 from notifications n where n.user_id = u and n.type = 'announcement' and n.payload->>'postId' = ${postId})
        returning id`;
      await trimAndRecount(tx, ids);
      return { lastId, created: created.map((row) => row.id) };
    });
    if (!batch) return;
    after = batch.lastId;
    const pushed = await deps.sql<{ id: string; userId: string }[]>`
      select n.id, n.user_id from notifications n
      where n.id = any(${batch.created}::uuid[]) and exists (select 1 from push_subscriptions s where s.user_id = n.user_id)`;
    for (const row of pushed) {
      const job: PushJob = { notificationId: row.id, version: 1 };
      await deps.jobs.send(JOB_PUSH, job, { singletonKey: `${row.id}:1`, group: { id: row.userId } });
    }
  }
}
