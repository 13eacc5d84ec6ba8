import type { Db } from '../db/connect.ts';

export interface TotpRow {
  secret: string;
  enabledAt: Date | null;
  lastStep: string | null;
}

/** The member's authenticator secret, confirmed (`enabledAt`) or a setup in progress. */
export async function getTotp(db: Db, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db<TotpRow[]>`select secret, enabled_at, last_step from user_totp where user_id = ${userId}`;
  return row;
}

/** Whether the member signs in with a code after the password. */
export async function hasTwoStep(db: Db, userId: string): Promise<boolean> {
  const [row] = await db`select 1 from user_totp where user_id = ${userId} and enabled_at is not null`;
  return row !== undefined;
}

/** Whether two-step sign-in is on, and how many backup codes are unused. */
export async function getTwoStepState(db: Db, userId: string): Promise<{ enabled: boolean; backupCodesLeft: number }> {
  const [row] = await db<{ enabled: boolean; backupCodesLeft: number }[]>`
    select exists (select 1 from user_totp where user_id = ${userId} and enabled_at is not null) as enabled,
      (select count(*)::int from backup_codes where user_id = ${userId} and used_at is null) as backup_codes_left`;
  return row ?? { enabled: false, backupCodesLeft: 0 };
}

/** Keeps a new secret to confirm, replacing a setup in progress; false when two-step sign-in is already on. */
export async function upsertPendingTotp(db: Db, userId: string, secret: string): Promise<boolean> {
  const rows = await db`
    insert into user_totp (user_id, secret) values (${userId}, ${secret})
    on conflict (user_id) do update set secret = excluded.secret, created_at = now(), last_step = null
      where user_totp.enabled_at is null
    returning 1`;
  return rows.length > 0;
}

/** Confirms the setup in progress made with `secret`, the code of `step` having matched; false when it changed meanwhile. */
export async function confirmTotp(db: Db, userId: string, secret: string, step: number): Promise<boolean> {
  const rows = await db`
    update user_totp set enabled_at = now(), last_step = ${step}
    where user_id = ${userId} and secret = ${secret} and enabled_at is null
    returning 1`;
  return rows.length > 0;
}

/**
 * Records that the code of `step` was used; false when that step or a later one was used already
 * (in one statement, so that two requests with one code cannot both pass).
 */
export async function useTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db`
    update user_totp set last_step = ${step}
    where user_id = ${userId} and enabled_at is not null and (last_step is null or last_step < ${step})
    returning 1`;
  return rows.length > 0;
}

/** Counts a wrong code against the account; a count older than `minutes` starts again. */
export async function countCodeFailure(db: Db, userId: string, minutes: number): Promise<void> {
  await db`
    update user_totp set
      code_failures = case when code_failures_since > now() - make_interval(mins => ${minutes}) then code_failures + 1 else 1 end,
      code_failures_since = case when code_failures_since > now() - make_interval(mins => ${minutes}) then code_failures_since else now() end
    where user_id = ${userId}`;
}

/** Whether the account had `max` wrong codes within the last `minutes`. */
export async function hasTooManyCodeFailures(db: Db, userId: string, max: number, minutes: number): Promise<boolean> {
  const [row] = await db`
    select 1 from user_totp
    where user_id = ${userId} and code_failures >= ${max} and code_failures_since > now() - make_interval(mins => ${minutes})`;
  return row !== undefined;
}

export async function resetCodeFailures(db: Db, userId: string): Promise<void> {
  await db`update user_totp set code_failures = 0, code_failures_since = null where user_id = ${userId} and code_failures > 0`;
}

export async function deleteTotp(db: Db, userId: string): Promise<void> {
  await db`delete from user_totp where user_id = ${userId}`;
}

/** Replaces the member's backup codes with the ones hashed in `hashes`. */
export async function replaceBackupCodes(db: Db, userId: string, hashes: readonly string[]): Promise<void> {
  await db`delete from backup_codes where user_id = ${userId}`;
  await db`insert into backup_codes (user_id, code_hash) select ${userId}::uuid, unnest(${[...hashes]}::text[])`;
}

/** Uses up an unused backup code; false when there is none with that hash. */
export async function useBackupCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db`
    update backup_codes set used_at = now()
    where user_id = ${userId} and code_hash = ${codeHash} and used_at is null
    returning 1`;
  return rows.length > 0;
}

export async function deleteBackupCodes(db: Db, userId: string): Promise<void> {
  await db`delete from backup_codes where user_id = ${userId}`;
}

/** Starts (or starts again) the sign-in waiting for a code in this browser; drops the expired ones of every browser. */
export async function upsertLoginChallenge(db: Db, id: string, userId: string, minutes: number): Promise<void> {
  await db`delete from login_challenges where expires_at < now()`;
  await db`
    insert into login_challenges (id, user_id, expires_at) values (${id}, ${userId}, now() + make_interval(mins => ${minutes}))
    on conflict (id) do update set user_id = excluded.user_id, created_at = now(), expires_at = excluded.expires_at, attempts = 0`;
}

/**
 * Counts one more attempt at the live sign-in of this browser and answers its account and how
 * many attempts it has had; undefined when there is none, it expired, or it had `maxAttempts`.
 */
export async function takeLoginAttempt(
  db: Db,
  id: string,
  maxAttempts: number,
): Promise<{ userId: string; attempts: number } | undefined> {
  const [row] = await db<{ userId: string; attempts: number }[]>`
    update login_challenges set attempts = attempts + 1
    where id = ${id} and expires_at > now() and attempts < ${maxAttempts}
    returning user_id, attempts`;
  return row;
}

export async function deleteLoginChallenge(db: Db, id: string): Promise<void> {
  await db`delete from login_challenges where id = ${id}`;
}
