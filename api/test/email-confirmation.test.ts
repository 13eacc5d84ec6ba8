// Confirming email addresses, the recent identity check before sensitive changes, the notices sent
// to the old address, and the site setting that asks for a confirmed address before posting; with
// mail delivered to a real SMTP server on loopback.
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { User } from '@quorum/shared/entities/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_LINKS_PER_HOUR } from '../src/users/email-confirmation.ts';
import { Browser, buildTestApp, signUp, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { insertCommunity, makeAdmin, makePost } from './helpers/factories.ts';
import { startSmtpServer, type ReceivedMail, type SmtpServer } from './helpers/smtp-server.ts';

const PUBLIC_URL = 'https://forum.example';
let smtp: SmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL, jobPollMs: 500 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let counter = 0;
const address = (name = 'member') => `${name}${++counter}-${Date.now()}@mail.example`;

/** A new member who signed up with an email address, logged in. */
async function memberWithEmail(email = address()) {
  const username = `mail_${++counter}_${Date.now() % 100000}`;
  const browser = await new Browser(t.app).open();
  const response = await browser.post('/api/_signup', { username, password: 'correct horse battery', email });
  expect(response.statusCode, response.body).toBe(201);
  return { browser, username, password: 'correct horse battery', email, user: response.json<User>() };
}

const mailTo = (to: string) => smtp.received.filter((mail) => mail.to.some((recipient) => recipient.toLowerCase() === to.toLowerCase()));
async function nthMail(to: string, count: number): Promise<ReceivedMail> {
  const mails = await eventually(async () => mailTo(to), (found) => found.length >= count);
  return mails[count - 1]!;
}
function confirmTokenOf(mail: ReceivedMail): string {
  const match = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  if (!match?.[1]) throw new Error('no link in the message');
  return match[1];
}

const confirm = (browser: Browser, token: string) => browser.post('/api/_confirm_email', { token });
const updateProfile = (browser: Browser, body: object) => browser.post('/api/_settings?action=updateProfile', body);
const makeCheckOld = (userId: string) => t.sql`update sessions set checked_at = now() - interval '1 hour' where user_id = ${userId}`;
const me = async (browser: Browser) => (await browser.get('/api/_user')).json<User>();

describe('email confirmation', () => {
  it('sends a link at sign-up that confirms the address once, on any device', async () => {
    const member = await memberWithEmail();
    expect(member.user.emailConfirmed).toBe(false);
    const mail = await nthMail(member.email, 1);
    expect(mail.parsed.subject).toBe('Confirm your email address for Quorum');
    expect(mail.parsed.text).toContain(`Hi ${member.username},`);
    expect(mail.parsed.html).toContain(`href="${PUBLIC_URL}/confirm-email?token=${confirmTokenOf(mail)}"`);
    const [stored] = await t.sql<{ tokenHash: string }[]>`select token_hash from email_confirmations where user_id = ${member.user.id}`;
    expect(stored?.tokenHash).not.toContain(confirmTokenOf(mail));

    const elsewhere = await new Browser(t.app).open();
    const answer = await confirm(elsewhere, confirmTokenOf(mail));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true });
    expect((await me(member.browser)).emailConfirmed).toBe(true);

    const again = await confirm(elsewhere, confirmTokenOf(mail));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: 400, code: ErrorCode.invalidConfirmToken, message: Messages.invalidConfirmToken });
  });

  it('sends nothing at sign-up without an address, and says so when a link is asked for', async () => {
    const member = await signUp(t.app);
    expect(member.user.emailConfirmed).toBe(false);
    const asked = await member.browser.post('/api/_email_confirmation');
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({ status: 400, code: ErrorCode.noEmail, message: Messages.noEmailToConfirm });
  });

  it('refuses an expired link, one for an address the account no longer has, and a voided one', async () => {
    const member = await memberWithEmail();
    const first = await nthMail(member.email, 1);
    await t.sql`update email_confirmations set expires_at = now() - interval '1 second' where user_id = ${member.user.id}`;
    expect((await confirm(member.browser, confirmTokenOf(first))).statusCode).toBe(400);

    // A new link voids the one before it.
    expect((await member.browser.post('/api/_email_confirmation')).statusCode).toBe(200);
    const second = await nthMail(member.email, 2);
    expect((await member.browser.post('/api/_email_confirmation')).statusCode).toBe(200);
    const third = await nthMail(member.email, 3);
    expect((await confirm(member.browser, confirmTokenOf(second))).statusCode).toBe(400);

    // The address changes before the third link is followed: it confirms nothing.
    await t.sql`update users set email = ${address('other')} where id = ${member.user.id}`;
    expect((await confirm(member.browser, confirmTokenOf(third))).statusCode).toBe(400);
    expect((await me(member.browser)).emailConfirmed).toBe(false);
  });

  it(`sends at most ${CONFIRM_LINKS_PER_HOUR} links an hour, and none to a confirmed address`, async () => {
    const member = await memberWithEmail();
    await nthMail(member.email, 1);
    for (let i = 1; i < CONFIRM_LINKS_PER_HOUR; i++) {
      expect((await member.browser.post('/api/_email_confirmation')).statusCode).toBe(200);
      await nthMail(member.email, i + 1);
    }
    const refused = await member.browser.post('/api/_email_confirmation');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.rateLimited });

    await t.sql`update users set email_confirmed_at = now() where id = ${member.user.id}`;
    const confirmed = await member.browser.post('/api/_email_confirmation');
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toEqual({ status: 409, code: ErrorCode.emailAlreadyConfirmed, message: Messages.emailAlreadyConfirmed });
  });

  it('refuses malformed tokens in the spec’s format, without echoing them', async () => {
    const browser = await new Browser(t.app).open();
    for (const token of ['short', '<script>alert(1)</script>xxxxxxxxxxxxxxxx', 42]) {
      const answer = await confirm(browser, token as string);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ status: 400, code: ErrorCode.badRequest, message: Messages.invalidConfirmToken });
    }
  });
});

describe('changing the email address', () => {
  it('needs a recent identity check, then unconfirms it, sends a link to the new address and tells the old one', async () => {
    const member = await memberWithEmail();
    const firstLink = await nthMail(member.email, 1);
    expect((await confirm(member.browser, confirmTokenOf(firstLink))).statusCode).toBe(200);

    await makeCheckOld(member.user.id);
    const newAddress = address('new');
    const refused = await updateProfile(member.browser, { email: newAddress });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 403, code: ErrorCode.reauthRequired, message: Messages.reauthRequired });
    expect((await me(member.browser)).email).toBe(member.email);
    // Other settings still change without a check; so does the same address in another case.
    expect((await updateProfile(member.browser, { aboutMe: 'hello', email: member.email.toUpperCase() })).statusCode).toBe(200);
    expect((await me(member.browser)).emailConfirmed).toBe(true);

    const wrong = await member.browser.post('/api/_reauth', { password: 'not the password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ status: 403, code: ErrorCode.invalidPassword, message: Messages.invalidPassword });
    const empty = await member.browser.post('/api/_reauth', {});
    expect(empty.statusCode).toBe(400);
    expect((await member.browser.post('/api/_reauth', { password: member.password })).json()).toEqual({ success: true });

    const changed = await updateProfile(member.browser, { email: newAddress });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<User>()).toMatchObject({ email: newAddress, emailConfirmed: false });

    const notice = await nthMail(member.email, 2);
    expect(notice.parsed.subject).toBe('The email address of your Quorum account changed');
    expect(notice.parsed.text).toContain(`${newAddress.slice(0, 1)}•••@mail.example`);
    expect(notice.parsed.text).not.toContain(newAddress);

    const link = await nthMail(newAddress, 1);
    expect((await confirm(member.browser, confirmTokenOf(link))).statusCode).toBe(200);
    expect((await me(member.browser)).emailConfirmed).toBe(true);
  });

  it('tells the old address when the address is removed and when the password changes', async () => {
    const member = await memberWithEmail();
    await nthMail(member.email, 1);
    const changed = await member.browser.post('/api/_settings?action=changePassword', {
      password: member.password, newPassword: 'another long secret', repeatPassword: 'another long secret',
    });
    expect(changed.statusCode).toBe(200);
    const passwordNotice = await nthMail(member.email, 2);
    expect(passwordNotice.parsed.subject).toBe('Your Quorum password changed');

    // Changing the password is itself a check: the address can be removed right after.
    expect((await updateProfile(member.browser, { email: '' })).json<User>()).toMatchObject({ email: null, emailConfirmed: false });
    const removed = await nthMail(member.email, 3);
    expect(removed.parsed.subject).toBe('The email address of your Quorum account changed');
    expect(removed.parsed.text).toContain('was removed');
  });

  it('the identity check needs a logged-in member', async () => {
    const visitor = await new Browser(t.app).open();
    expect((await visitor.post('/api/_reauth', { password: 'whatever it is' })).statusCode).toBe(401);
    expect((await visitor.post('/api/_email_confirmation')).statusCode).toBe(401);
  });
});

describe('requiring a confirmed email to post', () => {
  it('refuses posts and comments from members without one while the setting is on; admins are not asked', async () => {
    const admin = await makeAdmin(t);
    const community = await insertCommunity(t.sql, {});
    const member = await memberWithEmail();
    const post = await makePost(member.browser, community.name, { title: 'Before the setting' });

    const on = await admin.browser.request('PUT', '/api/site_settings', { body: { requireConfirmedEmail: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ requireConfirmedEmail: true });
    try {
      const refusedPost = await member.browser.post('/api/posts', { community: community.name, title: 'Not yet' });
      expect(refusedPost.statusCode).toBe(403);
      expect(refusedPost.json()).toEqual({ status: 403, code: ErrorCode.emailUnconfirmed, message: Messages.emailUnconfirmed });
      const refusedComment = await member.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Not yet' });
      expect(refusedComment.statusCode).toBe(403);
      expect(refusedComment.json()).toMatchObject({ code: ErrorCode.emailUnconfirmed });
      expect((await admin.browser.post('/api/posts', { community: community.name, title: 'Admins post' })).statusCode).toBe(201);

      const link = await nthMail(member.email, 1);
      expect((await confirm(member.browser, confirmTokenOf(link))).statusCode).toBe(200);
      expect((await member.browser.post('/api/posts', { community: community.name, title: 'Now confirmed' })).statusCode).toBe(201);
      expect((await member.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Now confirmed' })).statusCode).toBe(201);
    } finally {
      await admin.browser.request('PUT', '/api/site_settings', { body: { requireConfirmedEmail: false } });
    }
    const refused = await member.browser.request('PUT', '/api/site_settings', { body: { requireConfirmedEmail: true } });
    expect(refused.statusCode).toBe(403);
  });
});
