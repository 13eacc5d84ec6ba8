// Setting a new password through an emailed link. The answer to a request is the same whether or
// not an account matched, and a token is kept only as its SHA-256: it works once, for an hour,
// until a newer one is asked for or the password changes.
import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { deleteUserSessions } from '../auth/session-queries.ts';
import type { Db, Sql } from '../db/connect.ts';
import { badRequest } from '../http/errors.ts';
import type { Jobs } from '../jobs/queue.ts';
import { composeMail } from '../mail/compose.ts';
import { queueMail } from '../mail/jobs.ts';
import { hashPassword, type ScryptCost } from './passwords.ts';
import { updatePasswordHash } from './queries.ts';

/** How long an emailed link works. */
export const RESET_TOKEN_MINUTES = 60;
/** Links sent to one account per hour at most; further requests are answered alike and send nothing. */
export const RESET_LINKS_PER_HOUR = 3;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

interface Recipient {
  id: string;
  username: string;
  email: string;
}

/** The live account with this username (any case) or email address, if it has an address to write to. */
async function findRecipient(db: Db, login: string): Promise<Recipient | undefined> {
  const [row] = await db<Recipient[]>`
    select id, username, email from users
    where deleted_at is null and banned_at is null and email is not null
      and (lower(username) = lower(${login}) or lower(email) = lower(${login}))
    order by lower(username) = lower(${login}) desc
    limit 1`;
  return row;
}

/** Voids the account's earlier links and makes a new one; none when RESET_LINKS_PER_HOUR were sent within the hour. */
async function newToken(sql: Sql, userId: string): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const made = await sql.begin(async (tx) => {
    await tx`delete from password_resets where user_id = ${userId} and created_at < now() - interval '1 day'`;
    const [{ recent } = { recent: 0 }] = await tx<{ recent: number }[]>`
      select count(*)::int as recent from password_resets where user_id = ${userId} and created_at > now() - interval '1 hour'`;
    if (recent >= RESET_LINKS_PER_HOUR) return false;
    await voidResetLinks(tx, userId);
    await tx`
      insert into password_resets (user_id, token_hash, expires_at)
      values (${userId}, ${hashToken(token)}, now() + make_interval(mins => ${RESET_TOKEN_MINUTES}))`;
    return true;
  });
  return made ? token : null;
}

function resetMail(recipient: Recipient, link: string) {
  return composeMail({
    to: recipient.email,
    username: recipient.username,
    subject: 'Set a new password for Quorum',
    intro: ['Someone, hopefully you, asked to set a new password for your Quorum account. Open this link to choose one:'],
    link: { label: 'Choose a new password', url: link },
    outro: [`The link works once, for the next ${RESET_TOKEN_MINUTES} minutes. If you did not ask, you can ignore this message: your password stays as it is.`],
  });
}

export const JOB_PASSWORD_RESET = 'request_password_reset';

/**
 * Asks for a link to set a new password. The account is looked up in a job, so that the request
 * takes the same time, and gets the same answer, whether or not an account matches.
 */
export function queuePasswordReset(jobs: Jobs, login: string): Promise<void> {
  return jobs.send(JOB_PASSWORD_RESET, { login });
}

export function passwordResetJobHandlers(sql: Sql, jobs: Jobs, publicUrl: string) {
  return {
    [JOB_PASSWORD_RESET]: async ({ login }: { login: string }) => {
      await sendResetLink(sql, jobs, login, publicUrl);
    },
  };
}

/** Emails a link to set a new password to the account named by `login` (username or email), if there is one with an address. */
async function sendResetLink(sql: Sql, jobs: Jobs, login: string, publicUrl: string): Promise<void> {
  const recipient = await findRecipient(sql, login);
  if (!recipient) return;
  const token = await newToken(sql, recipient.id);
  if (!token) return;
  await queueMail(jobs, resetMail(recipient, `${publicUrl}/reset-password?token=${token}`));
}

/**
 * Sets the new password of the token's account, uses the token up, voids the account's other
 * links and ends all its sessions; answers the account's id, for a fresh session. 400 for a token
 * that is unknown, expired, voided or used.
 */
export async function resetPassword(sql: Sql, input: { token: string; password: string }, cost: ScryptCost): Promise<string> {
  const passwordHash = await hashPassword(input.password, cost);
  const userId = await sql.begin(async (tx) => {
    const [row] = await tx<{ userId: string }[]>`
      update password_resets r set used_at = now()
      from users u
      where r.token_hash = ${hashToken(input.token)} and r.used_at is null and r.expires_at > now()
        and u.id = r.user_id and u.deleted_at is null and u.banned_at is null
      returning r.user_id`;
    if (!row) return null;
    await updatePasswordHash(tx, row.userId, passwordHash);
    await voidResetLinks(tx, row.userId);
    await deleteUserSessions(tx, row.userId);
    return row.userId;
  });
  if (!userId) throw badRequest(Messages.invalidResetToken, ErrorCode.invalidResetToken);
  return userId;
}

/** Voids every link of the account not used yet (its password changed). */
export async function voidResetLinks(db: Db, userId: string): Promise<void> {
  await db`update password_resets set expires_at = now() where user_id = ${userId} and used_at is null and expires_at > now()`;
}
