// Basic site statistics ("bss"): an event every hour with counts of sign-ups, installs, active
// and returning users, posts and comments (see BssPayload for what each counts).
import { BSS_PAGE_SIZE } from '@quorum/shared/constants';
import type { AnalyticsEvent, BssPayload } from '@quorum/shared/entities/analytics';
import type { Db } from '../db/connect.ts';
import { epochMicros, fromEpochMicros } from '../db/micros.ts';
import { cursorValue, decodeCursor, pageOf } from '../http/cursor.ts';
import { eventKey, insertEvent } from './queries.ts';

const BSS = 'bss';

/** The counts as the client's transform names columns and JSON keys: in camelCase. */
interface StatsRow {
  signups: number;
  pwaInstalls: number;
  notificationsEnabled: number;
  usersDay: number;
  usersWeek: number;
  usersMonth: number;
  returnUsersDay: number;
  returnUsersWeek: number;
  returnUsersMonth: number;
  postsDay: number;
  postsWeek: number;
  commentsDay: number;
  commentsWeek: number;
}

export interface BssEventRow {
  id: string;
  createdAt: Date;
  /** `createdAt` in microseconds since the epoch, exactly as stored: what the cursor holds. */
  createdUs: number;
  payload: BssPayload;
}

/** The payload with the spec's names, as it is stored. */
function bssPayload(row: StatsRow): BssPayload {
  return {
    signups: row.signups,
    pwa_installs: row.pwaInstalls,
    notifications_enabled: row.notificationsEnabled,
    users_day: row.usersDay,
    users_week: row.usersWeek,
    users_month: row.usersMonth,
    return_users_day: row.returnUsersDay,
    return_users_week: row.returnUsersWeek,
    return_users_month: row.returnUsersMonth,
    posts_day: row.postsDay,
    posts_week: row.postsWeek,
    comments_day: row.commentsDay,
    comments_week: row.commentsWeek,
  };
}

/** The payload goes out as JSON text, as the reference stores and answers it. */
export function presentBssEvent(row: BssEventRow): AnalyticsEvent {
  return { id: row.id, createdAt: row.createdAt.toISOString(), payload: JSON.stringify(row.payload) };
}

/** The statistics of the periods that end at `at`. */
async function computeSiteStats(db: Db, at: Date): Promise<StatsRow> {
  const [row] = await db<StatsRow[]>`
    with p as (select ${at}::timestamptz as at, interval '1 day' as day, interval '7 days' as week, interval '30 days' as month)
    select
      (select count(*)::int from users, p where created_at > at - day and created_at <= at) as signups,
      (select count(*)::int from analytics_events, p where name = 'pwa_install' and created_at > at - day and created_at <= at) as pwa_installs,
      (select count(*)::int from analytics_events, p where name = 'notifications_enabled' and created_at > at - day and created_at <= at) as notifications_enabled,
      (select count(*)::int from users, p where deleted_at is null and last_seen > at - day) as users_day,
      (select count(*)::int from users, p where deleted_at is null and last_seen > at - week) as users_week,
      (select count(*)::int from users, p where deleted_at is null and last_seen > at - month) as users_month,
      (select count(*)::int from users, p where deleted_at is null and last_seen > at - day and created_at <= at - day) as return_users_day,
      (select count(*)::int from users, p where deleted_at is null and last_seen > at - week and created_at <= at - week) as return_users_week,
      (select count(*)::int from users, p where deleted_at is null and last_seen > at - month and created_at <= at - month) as return_users_month,
      (select count(*)::int from posts, p where created_at > at - day and created_at <= at) as posts_day,
      (select count(*)::int from posts, p where created_at > at - week and created_at <= at) as posts_week,
      (select count(*)::int from comments, p where created_at > at - day and created_at <= at) as comments_day,
      (select count(*)::int from comments, p where created_at > at - week and created_at <= at) as comments_week
    from p`;
  if (!row) throw new Error('site statistics returned nothing');
  return row;
}

/** Records the statistics at `at`, once: asking again for the same time changes nothing. */
export async function recordSiteStats(db: Db, at: Date): Promise<void> {
  const key = eventKey(BSS, at.toISOString());
  const [recorded] = await db`select 1 from analytics_events where unique_key = ${key}`;
  if (recorded) return;
  await insertEvent(db, BSS, key, { ...bssPayload(await computeSiteStats(db, at)) });
}

/**
 * The recorded statistics, newest first by the time they were recorded (an id holds the time it
 * was made only to the millisecond, which may differ from the recorded time).
 */
export async function listSiteStats(db: Db, next?: string): Promise<{ rows: BssEventRow[]; next: string | null }> {
  const cursor = decodeCursor(next, BSS, cursorValue.natural);
  const rows = await db<BssEventRow[]>`
    select id, created_at, ${epochMicros(db, db`created_at`)} as created_us, payload from analytics_events
    where name = ${BSS}
      ${cursor ? db`and (created_at, id) < (${fromEpochMicros(db, Number(cursor.value))}, ${cursor.id})` : db``}
    order by created_at desc, id desc
    limit ${BSS_PAGE_SIZE + 1}`;
  return pageOf(rows, BSS_PAGE_SIZE, (last) => ({ sort: BSS, value: last.createdUs, id: last.id }));
}
