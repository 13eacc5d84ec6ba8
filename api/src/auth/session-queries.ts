import type { Db } from '../db/connect.ts';

/** A session ends after this many days without a request… */
export const SESSION_IDLE_DAYS = 30;
/** …and this many days after login, however active. */
export const SESSION_MAX_AGE_DAYS = 90;

/** Who is making a request: what every request may check, nothing more. */
export interface SessionUser {
  id: string;
  username: string;
  isAdmin: boolean;
}

type SessionRow = SessionUser & { bannedAt: Date | null; deletedAt: Date | null; sessionLastSeenAt: Date };

/**
 * The user behind a live session, whether they may still use it (not banned, not deleted), and
 * when the session was last seen; undefined when the session expired or is unknown.
 */
export async function getSessionUser(db: Db, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db<SessionRow[]>`
    select u.id, u.username, u.is_admin, u.banned_at, u.deleted_at, s.last_seen_at as session_last_seen_at
    from sessions s join users u on u.id = s.user_id
    where s.id = ${sessionId} and s.expires_at > now()
      and s.created_at > now() - make_interval(days => ${SESSION_MAX_AGE_DAYS})`;
  return row;
}

/**
 * Starts a session. The login's address becomes the user's last-seen one at once (activity
 * stamps it only every few minutes), so that a ban right after can block where they came from.
 */
export async function insertSession(
  db: Db,
  session: { id: string; userId: string; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db`
    with s as (
      insert into sessions (id, user_id, ip, user_agent, expires_at)
      values (${session.id}, ${session.userId}, ${session.ip}, ${session.userAgent},
              now() + make_interval(days => ${SESSION_IDLE_DAYS}))
    )
    update users set last_seen_ip = coalesce(${session.ip}::inet, last_seen_ip) where id = ${session.userId}`;
}

/** Records activity: extends the session and stamps the user's last visit. */
export async function touchSession(db: Db, id: string, userId: string, ip: string | null): Promise<void> {
  await db`
    with s as (
      update sessions set last_seen_at = now(), ip = ${ip},
        expires_at = least(now() + make_interval(days => ${SESSION_IDLE_DAYS}),
                           created_at + make_interval(days => ${SESSION_MAX_AGE_DAYS}))
      where id = ${id}
    )
    update users set last_seen = now(), last_seen_ip = ${ip} where id = ${userId}`;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db`delete from sessions where id = ${id}`;
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db`delete from sessions where user_id = ${userId}`;
}
