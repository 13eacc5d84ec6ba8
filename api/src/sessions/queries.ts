// A member's sessions as they see them: each named by its public id, never by the hash of its
// cookie (the primary key), which stays in these queries.
import type { Db } from '../db/connect.ts';
import { SESSION_MAX_AGE_DAYS } from '../auth/session-queries.ts';

export interface SessionRow {
  publicId: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** The member's live sessions: the current one first, then the most recently used. */
export async function listSessions(db: Db, userId: string, currentId: string): Promise<SessionRow[]> {
  return db<SessionRow[]>`
    select public_id, user_agent, created_at, last_seen_at, id = ${currentId} as current
    from sessions
    where user_id = ${userId} and expires_at > now()
      and created_at > now() - make_interval(days => ${SESSION_MAX_AGE_DAYS})
    order by id = ${currentId} desc, last_seen_at desc, created_at desc`;
}

/**
 * Ends one of the member's live sessions other than the current one. Answers 'ended', 'current'
 * when the id names the current session (which is left alone), or 'unknown' when it names no
 * live session of theirs.
 */
export async function endSession(db: Db, userId: string, currentId: string, publicId: string): Promise<'ended' | 'current' | 'unknown'> {
  const [row] = await db<{ current: boolean }[]>`
    with target as (
      select id, id = ${currentId} as current from sessions
      where public_id = ${publicId} and user_id = ${userId} and expires_at > now()
        and created_at > now() - make_interval(days => ${SESSION_MAX_AGE_DAYS})
    ), gone as (
      delete from sessions where id in (select id from target where not current)
    )
    select current from target`;
  if (!row) return 'unknown';
  return row.current ? 'current' : 'ended';
}

/** Ends every session of the member but the current one; answers how many of them were live. */
export async function endOtherSessions(db: Db, userId: string, currentId: string): Promise<number> {
  const [row] = await db<{ ended: number }[]>`
    with gone as (
      delete from sessions where user_id = ${userId} and id <> ${currentId}
      returning expires_at, created_at
    )
    select count(*)::int as ended from gone
    where expires_at > now() and created_at > now() - make_interval(days => ${SESSION_MAX_AGE_DAYS})`;
  return row?.ended ?? 0;
}
