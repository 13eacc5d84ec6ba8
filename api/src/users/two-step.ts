// Two-step sign-in: after the password, a code from an authenticator app (TOTP, RFC 6238) or one
// of ten single-use backup codes. A code from the app is accepted for its 30-second step and the
// steps either side of it, and never twice: the last step used is kept. Backup codes are kept only
// as SHA-256 hashes. A right password of such an account starts no session: it leaves a sign-in
// waiting for its code in that browser, for a few minutes and a few wrong codes.
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { TwoStepSetup, TwoStepStatus } from '@quorum/shared/entities/two-step';
import type { Db, Sql } from '../db/connect.ts';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../http/errors.ts';
import { assertPassword } from './credentials.ts';
import type { UserRow } from './present.ts';
import { loadUser } from './queries.ts';
import * as q from './two-step-queries.ts';

export const TOTP_ISSUER = 'Quorum';
const TOTP_SECRET_BYTES = 20;
const TOTP_DIGITS = 6;
const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one work too: clocks drift, and a code may change as it is typed. */
const TOTP_WINDOW = 1;

export const BACKUP_CODE_COUNT = 10;
/** Lower-case letters and digits without the ones read alike (i, l, o, 0, 1). */
const BACKUP_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const BACKUP_CODE_LENGTH = 10;

/** How long a sign-in waits for its code after the password. */
export const LOGIN_CHALLENGE_MINUTES = 5;
/** Codes one waiting sign-in may try; then the password is asked again. */
export const LOGIN_CODE_ATTEMPTS = 5;
/**
 * Wrong codes one account may get within CODE_FAILURES_MINUTES, from any browser and address,
 * before the code step is refused: someone who knows the password cannot try codes without end.
 */
export const CODE_FAILURES_MAX = 10;
export const CODE_FAILURES_MINUTES = 15;

const TOTP_CODE = /^\d{6}$/;
const BACKUP_CODE = new RegExp(`^[a-z0-9]{${BACKUP_CODE_LENGTH}}$`);

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** The step (30-second period since 1970) of the accepted ones whose code `code` is, or null. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!TOTP_CODE.test(code)) return null;
  const totp = totpOf(secret, '');
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** A backup code as shown: `abcd-efgh-ij`. */
function newBackupCode(): string {
  const chars = Array.from({ length: BACKUP_CODE_LENGTH }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** The hash a backup code is kept as, of its letters and digits only (as the code schema leaves them). */
const hashBackupCode = (code: string) => createHash('sha256').update(code.replace(/-/g, '')).digest('hex');

/** Makes a new set of backup codes, replacing the old one; answers the codes, which are never shown again. */
async function makeBackupCodes(db: Db, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODE_COUNT) codes.add(newBackupCode());
  await q.replaceBackupCodes(db, userId, [...codes].map(hashBackupCode));
  return [...codes];
}

export function getTwoStepStatus(db: Db, userId: string): Promise<TwoStepStatus> {
  return q.getTwoStepState(db, userId);
}

/**
 * Starts setting up two-step sign-in: a new secret, kept unconfirmed (replacing an earlier setup)
 * until a code made with it is given. 409 when two-step sign-in is already on.
 */
export async function setUpTwoStep(db: Db, user: { id: string; username: string }): Promise<TwoStepSetup> {
  const secret = new Secret({ size: TOTP_SECRET_BYTES }).base32;
  if (!(await q.upsertPendingTotp(db, user.id, secret))) throw conflict(ErrorCode.twoStepOn, Messages.twoStepAlreadyOn);
  const uri = totpOf(secret, user.username).toString();
  // The QR code maker is loaded with the first setup.
  const qrSvg = await (await import('qrcode')).default.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/**
 * Turns two-step sign-in on once `code` was made with the secret being set up; answers the new
 * backup codes. 400 `invalid_code` for a wrong code, 409 when nothing is being set up or it is on.
 */
export function enableTwoStep(sql: Sql, userId: string, code: string): Promise<string[]> {
  return sql.begin(async (tx) => {
    const totp = await q.getTotp(tx, userId);
    if (totp?.enabledAt) throw conflict(ErrorCode.twoStepOn, Messages.twoStepAlreadyOn);
    if (!totp) throw conflict(ErrorCode.twoStepOff, Messages.twoStepNotSetUp);
    const step = matchingStep(totp.secret, code);
    if (step === null) throw badRequest(Messages.invalidSetupCode, ErrorCode.invalidCode);
    // A setup started again (in another tab) meanwhile: this code was made with the old secret.
    if (!(await q.confirmTotp(tx, userId, totp.secret, step))) throw conflict(ErrorCode.twoStepOff, Messages.twoStepNotSetUp);
    return makeBackupCodes(tx, userId);
  });
}

/** Turns two-step sign-in off after checking the password (403 `invalid_password`): the secret and backup codes go. */
export async function disableTwoStep(sql: Sql, userId: string, password: string): Promise<void> {
  await assertPassword(sql, userId, password);
  await sql.begin(async (tx) => {
    await q.deleteTotp(tx, userId);
    await q.deleteBackupCodes(tx, userId);
  });
}

/** Replaces the backup codes with a new set and answers it; 409 while two-step sign-in is off. */
export function renewBackupCodes(sql: Sql, userId: string): Promise<string[]> {
  return sql.begin(async (tx) => {
    if (!(await q.hasTwoStep(tx, userId))) throw conflict(ErrorCode.twoStepOff, Messages.twoStepIsOff);
    return makeBackupCodes(tx, userId);
  });
}

/**
 * After a right password (or a password reset): when the account signs in in two steps, leaves
 * the sign-in waiting for its code in the browser whose session key is `challengeId`, and answers
 * true; the caller then starts no session.
 */
export async function startSecondStep(db: Db, challengeId: string, userId: string): Promise<boolean> {
  if (!(await q.hasTwoStep(db, userId))) return false;
  await q.upsertLoginChallenge(db, challengeId, userId, LOGIN_CHALLENGE_MINUTES);
  return true;
}

/** Uses `code` (normalised by the code schema) up if it is the account's: a code from the app not used before, or an unused backup code. */
async function useCode(db: Db, userId: string, code: string): Promise<boolean> {
  if (TOTP_CODE.test(code)) {
    const totp = await q.getTotp(db, userId);
    if (!totp?.enabledAt) return false;
    const step = matchingStep(totp.secret, code);
    return step !== null && (await q.useTotpStep(db, userId, step));
  }
  if (BACKUP_CODE.test(code)) return q.useBackupCode(db, userId, hashBackupCode(code));
  return false;
}

/**
 * Finishes the sign-in waiting in this browser with `code`, and answers the account to start a
 * session for. 400 `login_expired` when none waits (never started, expired, or out of
 * attempts); 400 `invalid_code` for a wrong code; 429 once the account had too many wrong codes
 * lately; and, as at login, 401 for an account deleted and 403 for one suspended meanwhile.
 */
export async function finishSecondStep(sql: Sql, challengeId: string, code: string): Promise<UserRow> {
  const attempt = await q.takeLoginAttempt(sql, challengeId, LOGIN_CODE_ATTEMPTS);
  if (!attempt) {
    await q.deleteLoginChallenge(sql, challengeId);
    throw badRequest(Messages.loginExpired, ErrorCode.loginExpired);
  }
  const user = await loadUser(sql, attempt.userId);
  if (user.deletedAt || user.bannedAt) {
    await q.deleteLoginChallenge(sql, challengeId);
    if (user.deletedAt) throw unauthorized(Messages.wrongCredentials, ErrorCode.wrongCredentials);
    throw forbidden(Messages.suspended(user.username), ErrorCode.accountSuspended);
  }
  if (await q.hasTooManyCodeFailures(sql, user.id, CODE_FAILURES_MAX, CODE_FAILURES_MINUTES)) throw tooManyRequests();
  if (!(await useCode(sql, user.id, code))) {
    await q.countCodeFailure(sql, user.id, CODE_FAILURES_MINUTES);
    if (attempt.attempts >= LOGIN_CODE_ATTEMPTS) await q.deleteLoginChallenge(sql, challengeId);
    throw badRequest(Messages.invalidCode, ErrorCode.invalidCode);
  }
  await q.deleteLoginChallenge(sql, challengeId);
  await q.resetCodeFailures(sql, user.id);
  return user;
}
