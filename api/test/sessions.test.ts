import type { Session, Sessions, SessionsEnded } from '@quorum/shared/entities/sessions';
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

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A member of their own, logged out of the session signing up made. */
async function account() {
  const { browser, username, password } = await signUp(t.app);
  await browser.post('/api/_login?action=logout');
  return { username, password };
}

/** A browser sending `userAgent`, logged in as `who`. */
async function logIn(who: { username: string; password: string }, userAgent: string): Promise<Browser> {
  const browser = await new Browser(t.app).open();
  const login = await browser.request('POST', '/api/_login', { body: who, headers: { 'user-agent': userAgent } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode}`);
  return browser;
}

const sessionsOf = async (browser: Browser) => {
  const response = await browser.get('/api/sessions');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Sessions>();
};
const loggedIn = async (browser: Browser) => (await browser.get('/api/_user')).statusCode === 200;
const end = (browser: Browser, id: string) => browser.request('DELETE', `/api/sessions/${id}`);
const endOthers = (browser: Browser) => browser.request('DELETE', '/api/sessions?others=true');

describe("a member's sessions", () => {
  it('are listed on each device, the current one first and marked, each with its device and times', async () => {
    const who = await account();
    const phone = await logIn(who, CHROME_ANDROID);
    const laptop = await logIn(who, FIREFOX_WINDOWS);

    const fromLaptop = await sessionsOf(laptop);
    expect(fromLaptop).toEqual([
      { id: expect.any(String), device: 'Firefox on Windows', userAgent: FIREFOX_WINDOWS, createdAt: expect.any(String), lastSeenAt: expect.any(String), current: true },
      { id: expect.any(String), device: 'Chrome on Android', userAgent: CHROME_ANDROID, createdAt: expect.any(String), lastSeenAt: expect.any(String), current: false },
    ]);
    for (const session of fromLaptop) {
      expect(session.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Date.parse(session.createdAt)).toBeLessThanOrEqual(Date.parse(session.lastSeenAt));
    }
    const fromPhone = await sessionsOf(phone);
    expect(fromPhone.map((s) => [s.device, s.current])).toEqual([['Chrome on Android', true], ['Firefox on Windows', false]]);
    expect(fromPhone.map((s) => s.id)).toEqual([fromLaptop[1]?.id, fromLaptop[0]?.id]);

    // Neither the cookie nor its hash is ever shown.
    const keys = await t.sql<{ id: string }[]>`select s.id from sessions s join users u on u.id = s.user_id where u.username = ${who.username}`;
    const body = (await laptop.get('/api/sessions')).body;
    expect(keys).toHaveLength(2);
    for (const { id } of keys) expect(body).not.toContain(id);
    expect(body).not.toContain(laptop.cookie('sid'));

    // Sessions past their end are gone from the list.
    await t.sql`update sessions set expires_at = now() - interval '1 minute' where public_id = ${fromLaptop[1]?.id ?? ''}`;
    expect((await sessionsOf(laptop)).map((s) => s.device)).toEqual(['Firefox on Windows']);
  });

  it('name a device without a user agent, and one the parser does not know, plainly', async () => {
    const who = await account();
    const unknown = await logIn(who, 'SomethingNew/1.0');
    expect(await sessionsOf(unknown)).toEqual([expect.objectContaining({ device: 'Unknown device', userAgent: 'SomethingNew/1.0' })]);
    await t.sql`update sessions set user_agent = null where user_id = (select id from users where username = ${who.username})`;
    expect(await sessionsOf(unknown)).toEqual([expect.objectContaining({ device: 'Unknown device', userAgent: null, current: true })]);
  });

  it('end one other session: its browser is logged out at once, the others stay', async () => {
    const who = await account();
    const phone = await logIn(who, CHROME_ANDROID);
    const tablet = await logIn(who, SAFARI_IPHONE);
    const laptop = await logIn(who, FIREFOX_WINDOWS);
    const phoneId = (await sessionsOf(phone)).find((s) => s.current)?.id ?? '';

    const ended = await end(laptop, phoneId);
    expect(ended.statusCode, ended.body).toBe(204);
    expect(await loggedIn(phone)).toBe(false);
    expect((await phone.get('/api/sessions')).statusCode).toBe(401);
    expect(await loggedIn(laptop)).toBe(true);
    expect(await loggedIn(tablet)).toBe(true);
    expect((await sessionsOf(laptop)).map((s) => s.device)).toEqual(['Firefox on Windows', 'Safari on iOS']);

    // Already ended: not found, like any unknown id.
    const again = await end(laptop, phoneId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ status: 404, code: 'not_found', message: 'Session not found.' });
  });

  it("refuses to end someone else's session with 404, and it stays alive", async () => {
    const owner = await logIn(await account(), CHROME_ANDROID);
    const stranger = await logIn(await account(), FIREFOX_WINDOWS);
    const ownersId = (await sessionsOf(owner))[0]?.id ?? '';

    const refused = await end(stranger, ownersId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ status: 404, code: 'not_found', message: 'Session not found.' });
    expect(await loggedIn(owner)).toBe(true);
    expect((await sessionsOf(owner)).map((s) => s.id)).toEqual([ownersId]);
    // Ending "all others" ends only the member's own.
    expect((await endOthers(stranger)).json<SessionsEnded>()).toEqual({ ended: 0 });
    expect(await loggedIn(owner)).toBe(true);
  });

  it('refuses to end the current session by its id: logging out does that', async () => {
    const laptop = await logIn(await account(), FIREFOX_WINDOWS);
    const [current] = await sessionsOf(laptop);
    const refused = await end(laptop, current?.id ?? '');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: 400, code: 'current_session', message: 'This is the session you are using now: log out to end it.' });
    expect(await loggedIn(laptop)).toBe(true);
  });

  it('end every other session at once, keeping the current one, and say how many ended', async () => {
    const who = await account();
    const others = [await logIn(who, CHROME_ANDROID), await logIn(who, SAFARI_IPHONE)];
    const laptop = await logIn(who, FIREFOX_WINDOWS);
    // One more session, already expired: removed, not counted.
    const expired = await logIn(who, CHROME_ANDROID);
    const expiredId = (await sessionsOf(expired)).find((s) => s.current)?.id ?? '';
    await t.sql`update sessions set expires_at = now() - interval '1 minute' where public_id = ${expiredId}`;

    // The query is required, so that a stray DELETE ends nothing.
    for (const url of ['/api/sessions', '/api/sessions?others=false', '/api/sessions?others=1']) {
      const refused = await laptop.request('DELETE', url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe('Give others=true to end every other session; log out to end this one.');
    }
    expect((await sessionsOf(laptop))).toHaveLength(3);

    const ended = await endOthers(laptop);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<SessionsEnded>()).toEqual({ ended: 2 });
    for (const other of others) expect(await loggedIn(other)).toBe(false);
    expect(await loggedIn(laptop)).toBe(true);
    expect((await sessionsOf(laptop)).map((s: Session) => [s.device, s.current])).toEqual([['Firefox on Windows', true]]);
    const [left] = await t.sql<{ count: number }[]>`
      select count(*)::int from sessions where user_id = (select id from users where username = ${who.username})`;
    expect(left?.count).toBe(1);
    expect((await endOthers(laptop)).json<SessionsEnded>()).toEqual({ ended: 0 });
  });

  it('are for members only: visitors are asked to log in', async () => {
    const guest = await new Browser(t.app).open();
    for (const [method, url] of [['GET', '/api/sessions'], ['DELETE', '/api/sessions?others=true'], ['DELETE', '/api/sessions/00000000-0000-7000-8000-000000000000']] as const) {
      const response = await guest.request(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, code: 'not_logged_in' });
    }
    // Writes still need the anti-forgery token.
    const laptop = await logIn(await account(), FIREFOX_WINDOWS);
    expect((await laptop.request('DELETE', '/api/sessions?others=true', { csrf: false })).statusCode).toBe(403);
  });

  it('answer ids that are not a session with a 4xx that does not repeat them', async () => {
    const who = await account();
    const phone = await logIn(who, CHROME_ANDROID);
    const laptop = await logIn(who, FIREFOX_WINDOWS);
    const mark = 'Qz9echo';
    for (const bad of [`${mark}`, `${mark}%00`, `${mark}${'x'.repeat(300)}`, `${mark}%ED%A0%80`, '-1', '00000000-0000-4000-8000-000000000000', `'${mark}--`]) {
      const response = await end(laptop, bad);
      expect(response.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, bad).toBeLessThan(500);
      expect(response.json(), bad).toEqual({ status: response.statusCode, code: expect.any(String), message: expect.any(String) });
      expect(response.body, bad).not.toContain(mark);
    }
    expect(await loggedIn(phone)).toBe(true);
    // An id in capitals is the same id.
    const phoneId = (await sessionsOf(phone))[0]?.id ?? '';
    expect((await end(laptop, phoneId.toUpperCase())).statusCode).toBe(204);
    expect(await loggedIn(phone)).toBe(false);
  });
});
