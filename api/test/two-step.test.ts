// Two-step sign-in: codes from an authenticator app (computed here from the secret the API hands
// out, as the app would) and backup codes, at login and after a password reset. The app's clock
// (Date) is held still and moved by whole 30-second steps, so that which step a code belongs to
// never depends on when the test happens to run; the database keeps its own clock.
import { createHash } from 'node:crypto';
import { Secret, TOTP, URI } from 'otpauth';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { BackupCodes, TwoStepSetup, TwoStepStatus } from '@quorum/shared/entities/two-step';
import type { User } from '@quorum/shared/entities/users';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CODE_FAILURES_MAX, LOGIN_CODE_ATTEMPTS } from '../src/users/two-step.ts';
import { Browser, buildTestApp, signUp, type TestApp } from './helpers/app.ts';

const STEP_MS = 30_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  vi.useFakeTimers({ toFake: ['Date'] });
  // A second into a step: a whole step from either of its ends.
  vi.setSystemTime(Math.floor(Date.now() / STEP_MS) * STEP_MS + 1000);
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const currentStep = () => Math.floor(Date.now() / STEP_MS);
/** Moves the app's clock `steps` steps on. */
const advance = (steps = 1) => vi.setSystemTime(Date.now() + steps * STEP_MS);

/** The code an authenticator app shows for `step` (the current one unless given). */
const codeOf = (secret: string, step = currentStep()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: step * STEP_MS });

const status = async (browser: Browser) => (await browser.get('/api/two_step')).json<TwoStepStatus>();
const setUp = (browser: Browser) => browser.post('/api/two_step/_setup');
const enable = (browser: Browser, code: string) => browser.post('/api/two_step/_enable', { code });
const sendCode = (browser: Browser, code: unknown) => browser.post('/api/_login_code', { code });
const isLoggedIn = async (browser: Browser) => (await browser.get('/api/_user')).statusCode === 200;

/** A member who turned two-step sign-in on; the clock has moved past the step of the code that did it. */
async function memberWithTwoStep() {
  const member = await signUp(t.app);
  const setup = (await setUp(member.browser)).json<TwoStepSetup>();
  const enabled = await enable(member.browser, codeOf(setup.secret));
  if (enabled.statusCode !== 200) throw new Error(`enabling failed: ${enabled.body}`);
  advance();
  return { ...member, secret: setup.secret, backupCodes: enabled.json<BackupCodes>().backupCodes };
}

/** A fresh browser that gave the member's password, and so waits for the code. */
async function afterPassword(member: { username: string; password: string }) {
  const browser = await new Browser(t.app).open();
  const answer = await browser.post('/api/_login', { username: member.username, password: member.password });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json()).toEqual({ secondStep: 'code' });
  return browser;
}

const expectRefused = (answer: { statusCode: number; json: () => unknown }, status: number, code: string, message?: string) => {
  expect(answer.statusCode).toBe(status);
  expect(answer.json()).toEqual({ status, code, message: message ?? expect.any(String) });
};

describe('who may', () => {
  it('refuses visitors every call of the settings, and a code when no password was given', async () => {
    const visitor = await new Browser(t.app).open();
    expect((await visitor.get('/api/two_step')).statusCode).toBe(401);
    for (const path of ['/api/two_step/_setup', '/api/two_step/_enable', '/api/two_step/_disable', '/api/two_step/_backup_codes']) {
      expect((await visitor.post(path, { code: '123456', password: 'x' })).statusCode, path).toBe(401);
    }
    expectRefused(await sendCode(visitor, '123456'), 400, ErrorCode.loginExpired, Messages.loginExpired);
    expect(await isLoggedIn(visitor)).toBe(false);
  });

  it('asks for a recent identity check before setting up and before new backup codes', async () => {
    const member = await memberWithTwoStep();
    const other = await signUp(t.app);
    await t.sql`update sessions set checked_at = now() - interval '1 hour' where user_id in ${t.sql([member.user.id, other.user.id])}`;
    expectRefused(await setUp(other.browser), 403, ErrorCode.reauthRequired, Messages.reauthRequired);
    expectRefused(await member.browser.post('/api/two_step/_backup_codes'), 403, ErrorCode.reauthRequired, Messages.reauthRequired);
    expect(await t.sql`select 1 from user_totp where user_id = ${other.user.id}`).toHaveLength(0);
  });
});

describe('turning it on', () => {
  it('hands out a secret, a QR code of it and an otpauth address, and turns on with a code made from it', async () => {
    const member = await signUp(t.app);
    expect(await status(member.browser)).toEqual({ enabled: false, backupCodesLeft: 0 });

    const answer = await setUp(member.browser);
    expect(answer.statusCode, answer.body).toBe(200);
    const setup = answer.json<TwoStepSetup>();
    // 20 random bytes in base32.
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    // The address an app reads from the QR code: a TOTP of Quorum, labelled with the username.
    const fromUri = URI.parse(setup.uri);
    expect(fromUri).toBeInstanceOf(TOTP);
    expect(fromUri).toMatchObject({ issuer: 'Quorum', label: member.username, algorithm: 'SHA1', digits: 6, period: 30 });
    expect(fromUri.secret.base32).toBe(setup.secret);
    expect(setup.qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Not on until confirmed: a login still needs the password only.
    expect(await status(member.browser)).toEqual({ enabled: false, backupCodesLeft: 0 });
    const stillOneStep = await new Browser(t.app).open();
    expect((await stillOneStep.post('/api/_login', { username: member.username, password: member.password })).json<User>().id).toBe(member.user.id);

    expectRefused(await enable(member.browser, codeOf(setup.secret, currentStep() - 2)), 400, ErrorCode.invalidCode, Messages.invalidSetupCode);
    expectRefused(await enable(member.browser, 'abcdef'), 400, ErrorCode.invalidCode, Messages.invalidSetupCode);
    expect(await status(member.browser)).toEqual({ enabled: false, backupCodesLeft: 0 });

    const enabled = await enable(member.browser, codeOf(setup.secret));
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { backupCodes } = enabled.json<BackupCodes>();
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{2}$/);
    expect(await status(member.browser)).toEqual({ enabled: true, backupCodesLeft: 10 });

    // Backup codes are kept as SHA-256 hashes only.
    const stored = await t.sql<{ codeHash: string }[]>`select code_hash from backup_codes where user_id = ${member.user.id}`;
    const hashes = backupCodes.map((code) => createHash('sha256').update(code.replace(/-/g, '')).digest('hex'));
    expect(stored.map((row) => row.codeHash).sort()).toEqual(hashes.sort());

    expectRefused(await setUp(member.browser), 409, ErrorCode.twoStepOn, Messages.twoStepAlreadyOn);
    expectRefused(await enable(member.browser, codeOf(setup.secret, currentStep() + 1)), 409, ErrorCode.twoStepOn, Messages.twoStepAlreadyOn);
    // The member's own session goes on.
    expect(await isLoggedIn(member.browser)).toBe(true);
  });

  it('replaces a setup not confirmed yet, and needs one started', async () => {
    const member = await signUp(t.app);
    expectRefused(await enable(member.browser, '123456'), 409, ErrorCode.twoStepOff, Messages.twoStepNotSetUp);
    const first = (await setUp(member.browser)).json<TwoStepSetup>();
    const second = (await setUp(member.browser)).json<TwoStepSetup>();
    expect(second.secret).not.toBe(first.secret);
    expectRefused(await enable(member.browser, codeOf(first.secret)), 400, ErrorCode.invalidCode);
    expect((await enable(member.browser, codeOf(second.secret))).statusCode).toBe(200);
  });

  it('refuses bad input with the spec’s format, never echoing it', async () => {
    const member = await signUp(t.app);
    await setUp(member.browser);
    for (const code of [undefined, '', ' - ', 123456, null]) {
      expectRefused(await enable(member.browser, code as string), 400, ErrorCode.badRequest, Messages.codeRequired);
    }
    const long = await enable(member.browser, `<b>${'9'.repeat(60)}</b>`);
    expectRefused(long, 400, ErrorCode.badRequest, Messages.invalidCode);
    expect(long.body).not.toContain('<b>');
    expectRefused(await member.browser.post('/api/two_step/_disable', {}), 400, ErrorCode.badRequest, 'Enter your password.');
  });
});

describe('logging in', () => {
  it('asks for a code after the password, starts the session only with it, and never takes a code twice', async () => {
    const member = await memberWithTwoStep();
    const browser = await afterPassword(member);
    expect(await isLoggedIn(browser)).toBe(false);
    expect(await t.sql`select 1 from sessions where user_id = ${member.user.id}`).toHaveLength(1);

    const code = codeOf(member.secret);
    expectRefused(await sendCode(browser, code === '000000' ? '111111' : '000000'), 400, ErrorCode.invalidCode, Messages.invalidCode);
    const answer = await sendCode(browser, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<User>()).toMatchObject({ id: member.user.id, username: member.username });
    expect(await isLoggedIn(browser)).toBe(true);
    // The code was used: the same browser has nothing more waiting, and another cannot use it again.
    expectRefused(await sendCode(browser, code), 400, ErrorCode.loginExpired);
    const other = await afterPassword(member);
    expectRefused(await sendCode(other, code), 400, ErrorCode.invalidCode, Messages.invalidCode);
    expect(await isLoggedIn(other)).toBe(false);
  });

  it('takes the codes of the steps either side of the current one, none further, and none older than the last used', async () => {
    const member = await memberWithTwoStep();
    advance(3);
    const now = currentStep();
    const tryCode = async (step: number) => (await sendCode(await afterPassword(member), codeOf(member.secret, step))).statusCode;

    expect(await tryCode(now - 2)).toBe(400);
    expect(await tryCode(now + 2)).toBe(400);
    expect(await tryCode(now - 1)).toBe(200);
    expect(await tryCode(now - 1)).toBe(400);
    expect(await tryCode(now + 1)).toBe(200);
    // The code of the current step is older than the last one used.
    expect(await tryCode(now)).toBe(400);
    advance(2);
    expect(await tryCode(currentStep())).toBe(200);
  });

  it('takes each backup code once, typed in any case with or without dashes and spaces', async () => {
    const member = await memberWithTwoStep();
    const [first, second] = member.backupCodes as [string, string];
    const browser = await afterPassword(member);
    const answer = await sendCode(browser, ` ${first.toUpperCase().replace(/-/g, ' ')} `);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<User>().id).toBe(member.user.id);
    expect(await status(browser)).toEqual({ enabled: true, backupCodesLeft: 9 });

    const again = await afterPassword(member);
    expectRefused(await sendCode(again, first), 400, ErrorCode.invalidCode, Messages.invalidCode);
    expect((await sendCode(again, second.replace(/-/g, ''))).statusCode).toBe(200);
    expect(await status(again)).toEqual({ enabled: true, backupCodesLeft: 8 });
    // Another member's code opens nothing.
    const stranger = await memberWithTwoStep();
    expectRefused(await sendCode(await afterPassword(stranger), member.backupCodes[2]), 400, ErrorCode.invalidCode);
  });

  it('waits for the code in the browser that gave the password only, and for a few minutes only', async () => {
    const member = await memberWithTwoStep();
    const browser = await afterPassword(member);
    const elsewhere = await new Browser(t.app).open();
    expectRefused(await sendCode(elsewhere, codeOf(member.secret)), 400, ErrorCode.loginExpired, Messages.loginExpired);

    const [waiting] = await t.sql<{ minutes: number }[]>`
      select extract(epoch from expires_at - now()) / 60 as minutes from login_challenges where user_id = ${member.user.id}`;
    expect(Number(waiting?.minutes)).toBeGreaterThan(4.5);
    expect(Number(waiting?.minutes)).toBeLessThanOrEqual(5);
    await t.sql`update login_challenges set expires_at = now() - interval '1 second' where user_id = ${member.user.id}`;
    expectRefused(await sendCode(browser, codeOf(member.secret)), 400, ErrorCode.loginExpired, Messages.loginExpired);
    expect(await isLoggedIn(browser)).toBe(false);

    // The password again starts a new wait, and the code (not used meanwhile) works.
    await browser.post('/api/_login', { username: member.username, password: member.password });
    expect((await sendCode(browser, codeOf(member.secret))).statusCode).toBe(200);
  });

  it(`ends the wait after ${LOGIN_CODE_ATTEMPTS} wrong codes`, async () => {
    const member = await memberWithTwoStep();
    const browser = await afterPassword(member);
    const right = codeOf(member.secret);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < LOGIN_CODE_ATTEMPTS; i += 1) expectRefused(await sendCode(browser, wrong), 400, ErrorCode.invalidCode);
    expectRefused(await sendCode(browser, right), 400, ErrorCode.loginExpired, Messages.loginExpired);
    expect(await isLoggedIn(browser)).toBe(false);
    expect(await t.sql`select 1 from login_challenges where user_id = ${member.user.id}`).toHaveLength(0);

    await browser.post('/api/_login', { username: member.username, password: member.password });
    expect((await sendCode(browser, right)).statusCode).toBe(200);
  });

  it(`refuses the code step of an account after ${CODE_FAILURES_MAX} wrong codes, from any browser, for a while`, async () => {
    const member = await memberWithTwoStep();
    const right = codeOf(member.secret);
    const wrong = right === '123456' ? '654321' : '123456';
    let browser = await afterPassword(member);
    for (let i = 0; i < CODE_FAILURES_MAX; i += 1) {
      if (i > 0 && i % LOGIN_CODE_ATTEMPTS === 0) browser = await afterPassword(member);
      expectRefused(await sendCode(browser, wrong), 400, ErrorCode.invalidCode);
    }
    const fresh = await afterPassword(member);
    expectRefused(await sendCode(fresh, right), 429, ErrorCode.rateLimited, Messages.rateLimited);
    expect(await isLoggedIn(fresh)).toBe(false);

    await t.sql`update user_totp set code_failures_since = now() - interval '16 minutes' where user_id = ${member.user.id}`;
    const later = await afterPassword(member);
    expect((await sendCode(later, right)).statusCode).toBe(200);
    // A right code clears the count.
    expect(await t.sql`select 1 from user_totp where user_id = ${member.user.id} and code_failures = 0`).toHaveLength(1);
  });

  it('refuses the code of an account suspended or deleted since the password', async () => {
    const banned = await memberWithTwoStep();
    const browser = await afterPassword(banned);
    await t.sql`update users set banned_at = now() where id = ${banned.user.id}`;
    expectRefused(await sendCode(browser, codeOf(banned.secret)), 403, ErrorCode.accountSuspended, Messages.suspended(banned.username));
    expect(await isLoggedIn(browser)).toBe(false);

    const deleted = await memberWithTwoStep();
    const other = await afterPassword(deleted);
    await t.sql`update users set deleted_at = now() where id = ${deleted.user.id}`;
    expectRefused(await sendCode(other, codeOf(deleted.secret)), 401, ErrorCode.wrongCredentials, Messages.wrongCredentials);
    expect(await isLoggedIn(other)).toBe(false);
  });

  it('keeps asking for the code after a change of password', async () => {
    const member = await memberWithTwoStep();
    const changed = await member.browser.post('/api/_settings?action=changePassword', {
      password: member.password, newPassword: 'a different secret', repeatPassword: 'a different secret',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await status(member.browser)).toEqual({ enabled: true, backupCodesLeft: 10 });
    const browser = await afterPassword({ username: member.username, password: 'a different secret' });
    expect((await sendCode(browser, codeOf(member.secret))).statusCode).toBe(200);
  });
});

describe('a password reset', () => {
  const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

  it('sets the password and ends the sessions, but logs in only after the code', async () => {
    const member = await memberWithTwoStep();
    const token = `reset-${member.user.id}`.replace(/[^A-Za-z0-9_-]/g, '');
    await t.sql`
      insert into password_resets (user_id, token_hash, expires_at) values (${member.user.id}, ${hashToken(token)}, now() + interval '1 hour')`;
    const browser = await new Browser(t.app).open();
    const answer = await browser.post('/api/_reset_password', { token, password: 'a brand new secret', repeatPassword: 'a brand new secret' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ secondStep: 'code' });
    expect(await isLoggedIn(browser)).toBe(false);
    expect(await isLoggedIn(member.browser)).toBe(false);
    // The new password is set.
    const old = await new Browser(t.app).open();
    expect((await old.post('/api/_login', { username: member.username, password: member.password })).statusCode).toBe(401);

    expectRefused(await sendCode(browser, member.backupCodes[0] === 'aaaa-aaaa-aa' ? 'bbbb-bbbb-bb' : 'aaaa-aaaa-aa'), 400, ErrorCode.invalidCode);
    const logged = await sendCode(browser, member.backupCodes[0]);
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json<User>().id).toBe(member.user.id);
    expect(await isLoggedIn(browser)).toBe(true);
  });

  it('logs an account without two-step sign-in in at once, as before', async () => {
    const member = await signUp(t.app);
    const token = `plain-${member.user.id}`.replace(/[^A-Za-z0-9_-]/g, '');
    await t.sql`
      insert into password_resets (user_id, token_hash, expires_at) values (${member.user.id}, ${hashToken(token)}, now() + interval '1 hour')`;
    const browser = await new Browser(t.app).open();
    const answer = await browser.post('/api/_reset_password', { token, password: 'a brand new secret', repeatPassword: 'a brand new secret' });
    expect(answer.json<User>().id).toBe(member.user.id);
    expect(await isLoggedIn(browser)).toBe(true);
  });
});

describe('turning it off and new backup codes', () => {
  it('turns off with the password only, which counts as an identity check', async () => {
    const member = await memberWithTwoStep();
    await t.sql`update sessions set checked_at = now() - interval '1 hour' where user_id = ${member.user.id}`;
    expectRefused(await member.browser.post('/api/two_step/_disable', { password: 'not the password' }), 403, ErrorCode.invalidPassword, Messages.invalidPassword);
    expect(await status(member.browser)).toEqual({ enabled: true, backupCodesLeft: 10 });

    const off = await member.browser.post('/api/two_step/_disable', { password: member.password });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false, backupCodesLeft: 0 });
    expect(await t.sql`select 1 from user_totp where user_id = ${member.user.id}`).toHaveLength(0);
    expect(await t.sql`select 1 from backup_codes where user_id = ${member.user.id}`).toHaveLength(0);
    // The password just given is a recent check: setting up again needs no other.
    expect((await setUp(member.browser)).statusCode).toBe(200);

    const browser = await new Browser(t.app).open();
    const login = await browser.post('/api/_login', { username: member.username, password: member.password });
    expect(login.json<User>().id).toBe(member.user.id);
    expect(await isLoggedIn(browser)).toBe(true);
  });

  it('replaces the backup codes with a new set, and only while on', async () => {
    const member = await memberWithTwoStep();
    const used = await afterPassword(member);
    expect((await sendCode(used, member.backupCodes[0])).statusCode).toBe(200);
    expect(await status(member.browser)).toEqual({ enabled: true, backupCodesLeft: 9 });

    const answer = await member.browser.post('/api/two_step/_backup_codes');
    expect(answer.statusCode, answer.body).toBe(200);
    const { backupCodes } = answer.json<BackupCodes>();
    expect(backupCodes).toHaveLength(10);
    expect(backupCodes.some((code) => member.backupCodes.includes(code))).toBe(false);
    expect(await status(member.browser)).toEqual({ enabled: true, backupCodesLeft: 10 });
    expectRefused(await sendCode(await afterPassword(member), member.backupCodes[1]), 400, ErrorCode.invalidCode);
    expect((await sendCode(await afterPassword(member), backupCodes[1])).statusCode).toBe(200);

    const off = await signUp(t.app);
    expectRefused(await off.browser.post('/api/two_step/_backup_codes'), 409, ErrorCode.twoStepOff, Messages.twoStepIsOff);
  });
});

describe('codes from one address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true });
  });
  afterAll(() => limited.close());

  it('are limited as logins are', async () => {
    const browser = await new Browser(limited.app).open();
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await browser.post('/api/_login_code', { code: '123456' })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });
});
