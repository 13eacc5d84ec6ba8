// Confirming email addresses, and telling the old address when the password or the address
// changes. A link holds a token kept only as its SHA-256; it confirms the address it was sent to,
// once, for a day, until a newer link is sent or the account's address changes.
import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { Db, Sql } from '../db/connect.ts';
import { badRequest, conflict, forbidden, tooManyRequests } from '../http/errors.ts';
import type { Jobs } from '../jobs/queue.ts';
import { composeMail } from '../mail/compose.ts';
import { queueMail } from '../mail/jobs.ts';

/** How long a confirmation link works. */
export const CONFIRM_TOKEN_HOURS = 24;
/** Confirmation links sent to one account per hour at most. */
export const CONFIRM_LINKS_PER_HOUR = 3;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

interface Account {
  id: string;
  username: string;
  email: string | null;
  emailConfirmedAt: Date | null;
}

async function getAccount(db: Db, userId: string): Promise<Account | undefined> {
  const [row] = await db<Account[]>`
    select id, username, email, email_confirmed_at from users where id = ${userId} and deleted_at is null`;
  return row;
}

export const JOB_EMAIL_CONFIRMATION = 'send_email_confirmation';

/** Sends a link to confirm the account's current address (if it still has one to confirm). */
export function queueEmailConfirmation(jobs: Jobs, userId: string): Promise<void> {
  return jobs.send(JOB_EMAIL_CONFIRMATION, { userId });
}

export function emailConfirmationJobHandlers(sql: Sql, jobs: Jobs, publicUrl: string) {
  return {
    [JOB_EMAIL_CONFIRMATION]: async ({ userId }: { userId: string }) => {
      const account = await getAccount(sql, userId);
      if (!account?.email || account.emailConfirmedAt) return;
      const token = randomBytes(32).toString('base64url');
      await sql.begin(async (tx) => {
        await tx`delete from email_confirmations where user_id = ${userId} and created_at < now() - interval '2 days'`;
        await voidConfirmLinks(tx, userId);
        await tx`
          insert into email_confirmations (user_id, email, token_hash, expires_at)
          values (${userId}, ${account.email}, ${hashToken(token)}, now() + make_interval(hours => ${CONFIRM_TOKEN_HOURS}))`;
      });
      await queueMail(jobs, composeMail({
        to: account.email,
        username: account.username,
        subject: 'Confirm your email address for Quorum',
        intro: ['Please confirm that this is your email address, so that you can get back into your Quorum account if you ever forget your password:'],
        link: { label: 'Confirm my email address', url: `${publicUrl}/confirm-email?token=${token}` },
        outro: [`The link works once, for the next ${CONFIRM_TOKEN_HOURS} hours. If you did not add this address to a Quorum account, you can ignore this message.`],
      }));
    },
  };
}

/**
 * Asks for a new confirmation link from Settings: 400 without an address, 409 when it is already
 * confirmed, 429 after CONFIRM_LINKS_PER_HOUR links within the hour.
 */
export async function requestEmailConfirmation(sql: Sql, jobs: Jobs, userId: string): Promise<void> {
  const account = await getAccount(sql, userId);
  if (!account?.email) throw badRequest(Messages.noEmailToConfirm, ErrorCode.noEmail);
  if (account.emailConfirmedAt) throw conflict(ErrorCode.emailAlreadyConfirmed, Messages.emailAlreadyConfirmed);
  const [{ recent } = { recent: 0 }] = await sql<{ recent: number }[]>`
    select count(*)::int as recent from email_confirmations where user_id = ${userId} and created_at > now() - interval '1 hour'`;
  if (recent >= CONFIRM_LINKS_PER_HOUR) throw tooManyRequests();
  await queueEmailConfirmation(jobs, userId);
}

/** Confirms the address a link was sent to; 400 for a token unknown, expired, used, voided or for another address. */
export async function confirmEmail(sql: Sql, token: string): Promise<void> {
  const confirmed = await sql.begin(async (tx) => {
    const [row] = await tx<{ userId: string }[]>`
      update email_confirmations c set used_at = now()
      from users u
      where c.token_hash = ${hashToken(token)} and c.used_at is null and c.expires_at > now()
        and u.id = c.user_id and u.deleted_at is null and lower(u.email) = lower(c.email)
      returning c.user_id`;
    if (!row) return false;
    await tx`update users set email_confirmed_at = now() where id = ${row.userId}`;
    return true;
  });
  if (!confirmed) throw badRequest(Messages.invalidConfirmToken, ErrorCode.invalidConfirmToken);
}

/** Voids every confirmation link of the account not used yet (its address changed). */
async function voidConfirmLinks(db: Db, userId: string): Promise<void> {
  await db`update email_confirmations set expires_at = now() where user_id = ${userId} and used_at is null and expires_at > now()`;
}

/**
 * After the account's address changed from `previous`: the new one is unconfirmed and gets a link,
 * and the old one is told (a change made with a stolen session shows there).
 */
export async function addressChanged(sql: Sql, jobs: Jobs, userId: string, previous: string | null): Promise<void> {
  const account = await getAccount(sql, userId);
  if (!account) return;
  await sql`update users set email_confirmed_at = null where id = ${userId}`;
  await voidConfirmLinks(sql, userId);
  if (account.email) await queueEmailConfirmation(jobs, userId);
  if (previous) {
    await queueMail(jobs, composeMail({
      to: previous,
      username: account.username,
      subject: 'The email address of your Quorum account changed',
      intro: [
        account.email
          ? `The email address of your Quorum account was changed to ${maskAddress(account.email)}; this address will no longer receive its mail.`
          : 'The email address of your Quorum account was removed; this address will no longer receive its mail.',
      ],
      outro: ['If you made this change, there is nothing to do. If you did not, someone else may be using your account: set a new password right away, and tell the site\'s admins.'],
    }));
  }
}

/** Tells the account's address that its password changed. */
export async function passwordChanged(sql: Sql, jobs: Jobs, userId: string): Promise<void> {
  const account = await getAccount(sql, userId);
  if (!account?.email) return;
  await queueMail(jobs, composeMail({
    to: account.email,
    username: account.username,
    subject: 'Your Quorum password changed',
    intro: ['The password of your Quorum account was just changed, and every other device was logged out.'],
    outro: ['If you made this change, there is nothing to do. If you did not, ask for a link to set a new password from the login form right away, and tell the site\'s admins.'],
  }));
}

/** j•••@example.com: enough for the owner to recognise the address, not enough to learn it. */
export function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/**
 * When the site asks for a confirmed email address before posting: a 403 `email_unconfirmed` for a
 * member without one. Admins are not asked.
 */
export async function assertMayPostWithEmail(db: Db, actor: { id: string; isAdmin: boolean }): Promise<void> {
  if (actor.isAdmin) return;
  const [row] = await db<{ refused: boolean }[]>`
    select s.require_confirmed_email and u.email_confirmed_at is null as refused
    from site_settings s, users u where s.id = 1 and u.id = ${actor.id}`;
  if (row?.refused) throw forbidden(Messages.emailUnconfirmed, ErrorCode.emailUnconfirmed);
}
