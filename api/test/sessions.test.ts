import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { hashPassword, scryptCost } from '../src/users/passwords.ts';
import { Browser, buildTestApp, signUp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const storedHash = async (username: string) =>
  (await t.sql<{ passwordHash: string }[]>`select password_hash from users where username = ${username}`)[0]?.passwordHash ?? '';

describe('password hashes', () => {
  it('cost N = 2^17, r = 8, p = 1 unless configured otherwise', () => {
    expect(scryptCost(loadConfig({}).scryptLogN)).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(loadConfig({ SCRYPT_LOG_N: '15' }).scryptLogN).toBe(15);
    expect(() => loadConfig({ SCRYPT_LOG_N: '4' })).toThrow(/SCRYPT_LOG_N/);
  });

  it('are upgraded to the configured cost at the next successful login, and only then', async () => {
    const { username, password } = await signUp(t.app);
    expect(await storedHash(username)).toMatch(/^scrypt\$16384\$8\$1\$/);
    const weak = await hashPassword(password, scryptCost(10));
    await t.sql`update users set password_hash = ${weak} where username = ${username}`;

    const browser = await new Browser(t.app).open();
    expect((await browser.post('/api/_login', { username, password: 'not the password' })).statusCode).toBe(401);
    expect(await storedHash(username)).toBe(weak);

    expect((await browser.post('/api/_login', { username, password })).statusCode).toBe(200);
    const upgraded = await storedHash(username);
    expect(upgraded).toMatch(/^scrypt\$16384\$8\$1\$/);

    const again = await new Browser(t.app).open();
    expect((await again.post('/api/_login', { username, password })).statusCode).toBe(200);
    expect(await storedHash(username)).toBe(upgraded);
  });
});

describe('session lifetime', () => {
  it('ends a session 90 days after login, however active it was', async () => {
    const { browser, username } = await signUp(t.app);
    const userId = (await t.sql<{ id: string }[]>`select id from users where username = ${username}`)[0]?.id ?? '';
    await t.sql`update sessions set created_at = now() - interval '89 days', last_seen_at = now() where user_id = ${userId}`;
    expect((await browser.get('/api/_user')).statusCode).toBe(200);

    await t.sql`update sessions set created_at = now() - interval '91 days', last_seen_at = now() where user_id = ${userId}`;
    expect((await browser.get('/api/_user')).statusCode).toBe(401);
  });

  it('ends a session after 30 idle days, and never extends it past the 90 days', async () => {
    const { browser, username } = await signUp(t.app);
    const userId = (await t.sql<{ id: string }[]>`select id from users where username = ${username}`)[0]?.id ?? '';
    const [fresh] = await t.sql<{ days: number }[]>`
      select extract(epoch from expires_at - now()) / 86400 as days from sessions where user_id = ${userId}`;
    expect(Math.round(Number(fresh?.days))).toBe(30);

    // A request after a quiet spell extends the expiry, up to 90 days after login.
    await t.sql`update sessions set created_at = now() - interval '80 days', last_seen_at = now() - interval '1 day' where user_id = ${userId}`;
    expect((await browser.get('/api/_user')).statusCode).toBe(200);
    const [touched] = await t.sql<{ days: number }[]>`
      select extract(epoch from expires_at - now()) / 86400 as days from sessions where user_id = ${userId}`;
    expect(Math.round(Number(touched?.days))).toBe(10);

    await t.sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${userId}`;
    expect((await browser.get('/api/_user')).statusCode).toBe(401);
  });
});

describe('the session cookie on https', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await buildTestApp({ publicUrl: 'https://forum.example' });
  });
  afterAll(() => https.close());

  it('is named __Host-sid, Secure, for Path=/ and without a Domain, and carries the session', async () => {
    const { browser, username } = await signUp(https.app);
    const response = await browser.post('/api/_login?action=logout');
    const cookie = response.cookies.find((c) => c.name === '__Host-sid');
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
    expect(cookie?.domain).toBeUndefined();
    expect(response.cookies.find((c) => c.name === 'sid')).toBeUndefined();

    const login = await browser.post('/api/_login', { username, password: 'correct horse battery' });
    expect(login.statusCode).toBe(200);
    expect((await browser.get('/api/_user')).json()).toMatchObject({ username });
  });

  it('is plain sid on http', async () => {
    const response = await new Browser(t.app).get('/api/_initial');
    expect(response.cookies.find((c) => c.name === 'sid')).toMatchObject({ httpOnly: true, path: '/' });
  });
});
