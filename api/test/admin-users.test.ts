import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User, UsersPage } from '@quorum/shared/entities/users';
import { Browser, buildTestApp, signUp, uniqueName, type TestApp } from './helpers/app.ts';
import { makeAdmin, makeUser, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

async function listAll(): Promise<User[]> {
  const users: User[] = [];
  let next: string | null = null;
  do {
    const response = await admin.browser.get(`/api/users${next ? `?next=${next}` : ''}`);
    expect(response.statusCode).toBe(200);
    const page: UsersPage = response.json();
    expect(page.users.length).toBeLessThanOrEqual(20);
    users.push(...page.users);
    next = page.next;
  } while (next);
  return users;
}

it('lists every account newest first, 20 a page, with the details only admins see', async () => {
  const made: SignedUp[] = [];
  for (let i = 0; i < 23; i += 1) made.push(await makeUser(t));
  const fromAfar = await new Browser(t.app, '198.51.100.23').open();
  const farName = uniqueName('far');
  await fromAfar.post('/api/_signup', { username: farName, password: 'correct horse battery', email: 'far@example.com' });
  await t.sql`update users set banned_at = now() where id = ${made[0]?.user.id ?? ''}`;
  await t.sql`update users set deleted_at = now() where id = ${made[1]?.user.id ?? ''}`;

  const first: UsersPage = (await admin.browser.get('/api/users')).json();
  expect(first.users).toHaveLength(20);
  expect(first.users[0]).toMatchObject({ username: farName, email: 'far@example.com', createdIP: '198.51.100.23', lastSeenIP: '198.51.100.23' });
  expect(first.users[0]?.lastSeen).toEqual(expect.any(String));

  const all = await listAll();
  const names = all.map((u) => u.username);
  expect(new Set(names).size).toBe(names.length);
  expect(names.indexOf(made[22]?.username ?? '')).toBe(1);
  expect(names.indexOf(made[0]?.username ?? '')).toBeGreaterThan(names.indexOf(made[1]?.username ?? ''));
  expect(all.find((u) => u.username === made[0]?.username)).toMatchObject({ isBanned: true });
  expect(all.find((u) => u.username === made[1]?.username)).toMatchObject({ deleted: true });
  expect(names.at(-1)).toBe(admin.username);
});

it('refuses a cursor it did not make', async () => {
  const response = await admin.browser.get('/api/users?next=bm9wZQ');
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ status: 400, code: 'invalid_cursor', message: 'Invalid cursor.' });
});

it('finds accounts by part of their name or email, case aside, wildcards taken literally, page by page', async () => {
  const stem = uniqueName('fi').slice(0, 12).toLowerCase();
  const named: { username: string }[] = [];
  for (let i = 0; i < 21; i += 1) named.push(await signUp(t.app, `${stem}_${i}`));
  const byMail = await new Browser(t.app, '198.51.100.24').open();
  const mailName = uniqueName('mail');
  await byMail.post('/api/_signup', { username: mailName, password: 'correct horse battery', email: `${stem}@Example.org` });
  const other = await makeUser(t);

  const found: string[] = [];
  let next: string | null = null;
  do {
    const response = await admin.browser.get(`/api/users?q=${encodeURIComponent(` ${stem.toUpperCase()} `)}${next ? `&next=${next}` : ''}`);
    expect(response.statusCode).toBe(200);
    const page: UsersPage = response.json();
    found.push(...page.users.map((u) => u.username));
    next = page.next;
  } while (next);
  expect(found).toHaveLength(22);
  expect(found[0]).toBe(mailName);
  expect(found).toContain(named[20]?.username);
  expect(found).not.toContain(other.username);

  const byEmail: UsersPage = (await admin.browser.get('/api/users?q=example.org')).json();
  expect(byEmail.users.map((u) => u.username)).toContain(mailName);

  const literal: UsersPage = (await admin.browser.get(`/api/users?q=${encodeURIComponent(`${stem}_1`)}`)).json();
  expect(literal.users.map((u) => u.username).sort()).toEqual([`${stem}_1`, `${stem}_10`, `${stem}_11`, `${stem}_12`, `${stem}_13`, `${stem}_14`, `${stem}_15`, `${stem}_16`, `${stem}_17`, `${stem}_18`, `${stem}_19`].sort());
  const percent: UsersPage = (await admin.browser.get(`/api/users?q=${encodeURIComponent('%')}`)).json();
  expect(percent.users).toEqual([]);
});

it('refuses a search longer than an email address, without echoing it', async () => {
  const response = await admin.browser.get(`/api/users?q=${'x'.repeat(321)}`);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ status: 400, code: 'bad_request', message: 'Search text is too long.' });
});
