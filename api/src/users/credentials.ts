// Creating accounts and checking passwords. Sessions are started by the caller (`reply.startSession`).
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { deleteUserSessions } from '../auth/session-queries.ts';
import type { Sql } from '../db/connect.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors.ts';
import type { Jobs } from '../jobs/queue.ts';
import { queueNotification } from '../notifications/jobs.ts';
import { getSiteSettings } from '../site/settings.ts';
import { verifyCaptcha } from './captcha.ts';
import { queueEmailConfirmation } from './email-confirmation.ts';
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword, type ScryptCost } from './passwords.ts';
import { voidResetLinks } from './password-reset.ts';
import type { UserRow } from './present.ts';
import { getPasswordHash, getUserByName, insertUser, updatePasswordHash } from './queries.ts';

export interface CaptchaOptions {
  secret: string;
  verifyUrl: string;
}

/**
 * Creates an account and answers its id. Refuses while sign-ups are disabled (403), a failed
 * captcha when one is configured (400) and a username taken in any case (409).
 */
export async function signUp(
  sql: Sql,
  input: { username: string; email: string; password: string; captchaToken: string | null },
  from: { ip: string; captcha: CaptchaOptions | undefined; cost: ScryptCost },
  jobs: Jobs,
): Promise<string> {
  const settings = await getSiteSettings(sql);
  if (settings.signupsDisabled) throw forbidden(Messages.signupsDisabled, ErrorCode.signupsDisabled);
  if (from.captcha && !(await verifyCaptcha(from.captcha, input.captchaToken, from.ip))) {
    throw badRequest(Messages.captchaFailed, ErrorCode.captchaFailed);
  }
  const inserted = await insertUser(sql, {
    username: input.username,
    email: input.email === '' ? null : input.email,
    passwordHash: await hashPassword(input.password, from.cost),
    ip: from.ip,
  });
  if (inserted === 'taken') throw conflict(ErrorCode.usernameTaken, Messages.usernameTaken(input.username));
  await queueNotification(jobs, { kind: 'welcome', userId: inserted.id });
  if (input.email !== '') await queueEmailConfirmation(jobs, inserted.id);
  return inserted.id;
}

const wrongCredentials = (message: string = Messages.wrongCredentials) => unauthorized(message, ErrorCode.wrongCredentials);

/**
 * The user with this name (any case) and password; 401 for an unknown or deleted user or a wrong
 * password, which take the same time, and 403 `account_suspended` for a banned user. A hash of
 * another cost than `cost` is replaced, now that the password is known.
 */
export async function logIn(sql: Sql, input: { username: string; password: string }, cost: ScryptCost): Promise<UserRow> {
  const user = await getUserByName(sql, input.username);
  if (!user || user.deletedAt) {
    await verifyAgainstNothing(input.password, cost);
    throw wrongCredentials();
  }
  const hash = await getPasswordHash(sql, user.id);
  if (hash === undefined || !(await verifyPassword(input.password, hash))) throw wrongCredentials();
  if (user.bannedAt) throw forbidden(Messages.suspended(user.username), ErrorCode.accountSuspended);
  if (needsRehash(hash, cost)) await updatePasswordHash(sql, user.id, await hashPassword(input.password, cost));
  return user;
}

/** Checks the password of a logged-in member who is asked for it again: 403 `invalid_password` when wrong. */
export async function assertPassword(sql: Sql, userId: string, password: string): Promise<void> {
  const hash = await getPasswordHash(sql, userId);
  if (!hash || !(await verifyPassword(password, hash))) throw forbidden(Messages.invalidPassword, ErrorCode.invalidPassword);
}

/** Changes a password after checking the current one, voids the links to reset it, and ends every session of the user. */
export async function changePassword(
  sql: Sql,
  userId: string,
  input: { password: string; newPassword: string },
  cost: ScryptCost,
): Promise<void> {
  const hash = await getPasswordHash(sql, userId);
  if (hash === undefined || !(await verifyPassword(input.password, hash))) throw wrongCredentials(Messages.wrongPreviousPassword);
  await updatePasswordHash(sql, userId, await hashPassword(input.newPassword, cost));
  await voidResetLinks(sql, userId);
  await deleteUserSessions(sql, userId);
}
