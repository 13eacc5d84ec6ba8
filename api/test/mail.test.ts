// The site's mail: through a real SMTP server on loopback, or, without one, as .eml files.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/mail/mailer.ts';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { makeAdmin, makeUser } from './helpers/factories.ts';
import { startSmtpServer, type SmtpServer } from './helpers/smtp-server.ts';

const message = { to: 'Zoë Ångström <zoe@mail.example>', subject: 'Grüße from Quorum', text: 'Plain words: ünïcödé.', html: '<p>Plain words: ünïcödé.</p>' };

describe('the mailer', () => {
  let smtp: SmtpServer;
  let folder: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    folder = await mkdtemp(join(tmpdir(), 'quorum-mail-'));
  });
  afterAll(async () => {
    await smtp.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('sends through SMTP_URL, names and words of any script encoded for mail', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Fórum <no-reply@forum.example>', dataDir: folder });
    expect(mailer.describe()).toBe(`the SMTP server at ${new URL(smtp.url).host}`);
    await mailer.send(message);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['zoe@mail.example']);
    expect(mail?.parsed.to).toMatchObject({ value: [{ name: 'Zoë Ångström', address: 'zoe@mail.example' }] });
    expect(mail?.parsed.subject).toBe('Grüße from Quorum');
    expect(mail?.parsed.text?.trim()).toBe('Plain words: ünïcödé.');
    expect(mail?.parsed.html).toContain('<p>Plain words: ünïcödé.</p>');
    // Headers carry only ASCII: the names are encoded words.
    const headers = mail!.raw.slice(0, mail!.raw.indexOf('\r\n\r\n'));
    expect(headers).toMatch(/^Subject: =\?UTF-8\?/m);
    expect([...headers].every((character) => character.charCodeAt(0) < 128)).toBe(true);
  });

  it('writes each message as an .eml file under DATA_DIR/mail without SMTP_URL', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'Quorum <no-reply@forum.example>', dataDir: folder });
    expect(mailer.describe()).toBe(`.eml files in ${join(folder, 'mail')} (SMTP_URL is unset)`);
    await mailer.send(message);
    await mailer.send({ ...message, subject: 'A second one' });
    const names = await readdir(join(folder, 'mail'));
    expect(names).toHaveLength(2);
    const raw = await Promise.all(names.map((name) => readFile(join(folder, 'mail', name), 'utf8')));
    expect(raw.some((text) => text.includes('Subject: A second one'))).toBe(true);
    expect(raw.every((text) => text.includes('To: =?UTF-8?'))).toBe(true);
  });
});

describe('the admin dashboard’s test message', () => {
  let smtp: SmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ smtpUrl: smtp.url, jobPollMs: 500 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('goes to the admin’s own address, in a job', async () => {
    const admin = await makeAdmin(t);
    await t.sql`update users set email = 'admin-test@mail.example' where id = ${admin.user.id}`;
    const sent = await admin.browser.post('/api/_admin/test_mail');
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await eventually(async () => smtp.received.filter((item) => item.to.includes('admin-test@mail.example')), (found) => found.length === 1);
    expect(mail?.parsed.subject).toBe('A test message from Quorum');
  });

  it('is refused to an admin without an address, to members and to visitors', async () => {
    const admin = await makeAdmin(t);
    const without = await admin.browser.post('/api/_admin/test_mail');
    expect(without.json()).toEqual({ status: 400, code: ErrorCode.noEmail, message: Messages.noEmailForTestMail });
    const member = await makeUser(t);
    expect((await member.browser.post('/api/_admin/test_mail')).statusCode).toBe(403);
    expect((await (await new Browser(t.app).open()).post('/api/_admin/test_mail')).statusCode).toBe(401);
  });
});
