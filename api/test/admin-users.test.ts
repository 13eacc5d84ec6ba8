import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User, UsersPage } from '@quorum/shared/entities/users';
import { Browser, buildTestApp, uniqueName, type TestApp } from './helpers/app.ts';
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
