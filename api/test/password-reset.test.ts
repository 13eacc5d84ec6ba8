// Setting a new password through a link sent by email, with mail delivered to a real SMTP server on loopback.
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { User } from '@quorum/shared/entities/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINKS_PER_HOUR } from '../src/users/password-reset.ts';
import { Browser, buildTestApp, signUp, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { startSmtpServer, type ReceivedMail, type SmtpServer } from './helpers/smtp-server.ts';

const PUBLIC_URL = 'https://forum.example';
let smtp: SmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, mailFrom: 'Fórum Quorum <no-reply@forum.example>', publicUrl: PUBLIC_URL, jobPollMs: 500 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let counter = 0;
/** A member with an email address (or none), logged in on a browser. */
async function memberWithEmail(email: string | null = `reset${++counter}-${Date.now()}@mail.example`) {
  const member = await signUp(t.app);
  if (email) await t.sql`update users set email = ${email} where id = ${member.user.id}`;
  return { ...member, email };
}

const mailTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/** Waits for the `count`th message to `address` and answers it. */
async function nthMail(address: string, count: number): Promise<ReceivedMail> {
  const mails = await eventually(async () => mailTo(address), (found) => found.length >= count);
  return mails[count - 1]!;
}

function tokenOf(mail: ReceivedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  if (!match?.[1]) throw new Error('no link in the message');
  return match[1];
}

const ask = (browser: Browser, login: string) => browser.post('/api/_forgot_password', { login });
const reset = (browser: Browser, token: string, password: string, repeatPassword = password) =>
  browser.post('/api/_reset_password', { token, password, repeatPassword });

describe('password reset', () => {
  it('emails a single-use link that sets a new password, ends every session and logs in', async () => {
    const member = await memberWithEmail();
    const stranger = await new Browser(t.app).open();
    const asked = await ask(stranger, member.username.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true });

    const mail = await nthMail(member.email!, 1);
    expect(mail.parsed.subject).toBe('Set a new password for Quorum');
    expect(mail.parsed.from?.value[0]).toEqual({ name: 'Fórum Quorum', address: 'no-reply@forum.example' });
    // The sender's name is encoded for the header, not sent as raw UTF-8.
    expect(mail.raw).toMatch(/^From: =\?UTF-8\?/m);
    expect(mail.parsed.text).toContain(`Hi ${member.username},`);
    expect(mail.parsed.text).toMatch(new RegExp(`${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}`));
    expect(mail.parsed.html).toContain(`href="${PUBLIC_URL}/reset-password?token=${tokenOf(mail)}"`);
    const [stored] = await t.sql<{ tokenHash: string }[]>`select token_hash from password_resets where user_id = ${member.user.id}`;
    expect(stored?.tokenHash).not.toContain(tokenOf(mail));

    const answer = await reset(stranger, tokenOf(mail), 'a brand new secret');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<User>().id).toBe(member.user.id);
    expect((await stranger.get('/api/_user')).statusCode).toBe(200);
    // The session the member had is over; the old password no longer opens the account, the new one does.
    expect((await member.browser.get('/api/_user')).statusCode).toBe(401);
    const other = await new Browser(t.app).open();
    expect((await other.post('/api/_login', { username: member.username, password: member.password })).statusCode).toBe(401);
    expect((await other.post('/api/_login', { username: member.username, password: 'a brand new secret' })).statusCode).toBe(200);

    const again = await reset(await new Browser(t.app).open(), tokenOf(mail), 'another new secret');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: 400, code: ErrorCode.invalidResetToken, message: Messages.invalidResetToken });
  });

  it('answers alike for an unknown name, an account without email and a known one, and mails only the known one', async () => {
    const withoutEmail = await memberWithEmail(null);
    const member = await memberWithEmail();
    const stranger = await new Browser(t.app).open();
    const answers = [];
    for (const login of ['nobody_by_that_name', 'nobody@mail.example', withoutEmail.username, member.email!.toUpperCase()]) {
      const response = await ask(stranger, login);
      answers.push([response.statusCode, response.body]);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    await nthMail(member.email!, 1);
    // The known one was asked last: every earlier request has been handled, and sent nothing.
    expect(smtp.received.filter((mail) => mail.to.some((to) => to.startsWith('nobody@')))).toEqual([]);
    expect(await t.sql`select 1 from password_resets where user_id = ${withoutEmail.user.id}`).toHaveLength(0);
  });

  it('voids a link when a newer one is asked for, when it expires and when the password is changed', async () => {
    const member = await memberWithEmail();
    const stranger = await new Browser(t.app).open();
    await ask(stranger, member.username);
    const first = tokenOf(await nthMail(member.email!, 1));
    await ask(stranger, member.username);
    const second = tokenOf(await nthMail(member.email!, 2));
    expect((await reset(stranger, first, 'a brand new secret')).json()).toMatchObject({ code: ErrorCode.invalidResetToken });

    await t.sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${member.user.id} and used_at is null`;
    expect((await reset(stranger, second, 'a brand new secret')).json()).toMatchObject({ code: ErrorCode.invalidResetToken });

    await ask(stranger, member.username);
    const third = tokenOf(await nthMail(member.email!, 3));
    const changed = await member.browser.post('/api/_settings?action=changePassword', {
      password: member.password, newPassword: 'changed in settings', repeatPassword: 'changed in settings',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await reset(stranger, third, 'a brand new secret')).json()).toMatchObject({ code: ErrorCode.invalidResetToken });
  });

  it(`sends at most ${RESET_LINKS_PER_HOUR} links an hour to one account, answering every request alike`, async () => {
    const member = await memberWithEmail();
    const stranger = await new Browser(t.app).open();
    for (let i = 0; i < RESET_LINKS_PER_HOUR + 1; i += 1) expect((await ask(stranger, member.username)).json()).toEqual({ success: true });
    const other = await memberWithEmail();
    await ask(stranger, other.username);
    await nthMail(other.email!, 1);
    expect(mailTo(member.email!)).toHaveLength(RESET_LINKS_PER_HOUR);
  });

  it('refuses bad input with the spec’s format, never echoing it', async () => {
    const stranger = await new Browser(t.app).open();
    const empty = await ask(stranger, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ status: 400, message: 'Enter your username or email.' });
    const notAToken = await reset(stranger, '<script>alert(1)</script>', 'a brand new secret');
    expect(notAToken.json()).toMatchObject({ status: 400, message: Messages.invalidResetToken });
    expect(notAToken.body).not.toContain('script');
    const mismatch = await reset(stranger, 'A'.repeat(43), 'a brand new secret', 'another secret');
    expect(mismatch.json()).toMatchObject({ status: 400, message: 'Passwords do not match.' });
    const weak = await reset(stranger, 'A'.repeat(43), 'short');
    expect(weak.json()).toMatchObject({ status: 400, message: 'Password too weak.' });
    const unknown = await reset(stranger, 'A'.repeat(43), 'a brand new secret');
    expect(unknown.json()).toEqual({ status: 400, code: ErrorCode.invalidResetToken, message: Messages.invalidResetToken });
  });
});

describe('password reset requests from one address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimit: true, smtpUrl: smtp.url });
  });
  afterAll(() => limited.close());

  it('are limited', async () => {
    const browser = await new Browser(limited.app).open();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await browser.post('/api/_forgot_password', { login: 'nobody_at_all' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
