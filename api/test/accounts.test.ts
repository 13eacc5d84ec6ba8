import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Post } from '@quorum/shared/entities/posts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { Browser, buildTestApp, signUp, uniqueName, type TestApp } from './helpers/app.ts';
import { insertCommunity, makeComment, makePost, makeUpload, member } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function signupResponse(body: Record<string, unknown>) {
  const browser = await new Browser(t.app).open();
  return browser.post('/api/_signup', body);
}

describe('POST /api/_signup', () => {
  it('refuses a request without the anti-forgery token', async () => {
    const browser = await new Browser(t.app).open();
    const response = await browser.post('/api/_signup', { username: uniqueName(), password: 'password1' }, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ status: 403, code: 'csrf_token_invalid' });
  });

  it('refuses a token that belongs to another session', async () => {
    const a = await new Browser(t.app).open();
    const b = await new Browser(t.app).open();
    b.token = a.token;
    const response = await b.post('/api/_signup', { username: uniqueName(), password: 'password1' });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    [{ username: '', password: 'password1' }, 'Username cannot be empty.'],
    [{ password: 'password1' }, 'Username cannot be empty.'],
    [{ username: 'abc', password: 'password1' }, 'Username too short.'],
    [{ username: 'a'.repeat(22), password: 'password1' }, 'Username too long (21 characters at most).'],
    [{ username: 'bad name', password: 'password1' }, 'Username can only contain letters, digits and underscores.'],
    [{ username: 'goodname', password: '' }, 'Password cannot be empty.'],
    [{ username: 'goodname' }, 'Password cannot be empty.'],
    [{ username: 'goodname', password: 'short' }, 'Password too weak.'],
    [{ username: 'goodname', password: 'password1', email: 'not an email' }, 'Enter a valid email address.'],
    [{ username: 'goodname', password: 'password1', email: 'a@b' }, 'Enter a valid email address.'],
  ])('answers 400 for %j with the spec message', async (body, message) => {
    const response = await signupResponse(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'bad_request', message });
  });

  it('creates the account, logs in and answers 201 with the user', async () => {
    const username = uniqueName();
    const browser = await new Browser(t.app).open();
    const response = await browser.post('/api/_signup', { username, password: 'password1', email: 'me@example.com' });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ username, email: 'me@example.com', points: 1, noPosts: 0, isBanned: false });
    expect(user).not.toHaveProperty('passwordHash');
    const me = await browser.get('/api/_user');
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(username);
  });

  it('accepts a signup without email', async () => {
    const response = await signupResponse({ username: uniqueName(), password: 'password1', email: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json().email).toBeNull();
  });

  it('gives the new account a private Bookmarks list, its only one; a refused sign-up adds none', async () => {
    const username = uniqueName();
    const browser = await new Browser(t.app).open();
    expect((await browser.post('/api/_signup', { username, password: 'password1' })).statusCode).toBe(201);
    const own = [{ username, name: 'bookmarks', displayName: 'Bookmarks', description: null, public: false, numItems: 0 }];
    expect((await browser.get(`/api/users/${username}/lists`)).json()).toMatchObject(own);
    expect((await browser.get('/api/_initial')).json().lists).toMatchObject(own);
    expect((await signupResponse({ username: username.toUpperCase(), password: 'password1' })).statusCode).toBe(409);
    const [row] = await t.sql<{ n: number }[]>`select count(*)::int as n from lists l join users u on u.id = l.user_id where lower(u.username) = lower(${username})`;
    expect(row?.n).toBe(1);
  });

  it('answers 409 with "{name} is already taken." for a taken name, whatever its case', async () => {
    const { username } = await signUp(t.app);
    const response = await signupResponse({ username: username.toUpperCase(), password: 'password1' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: 409,
      code: 'username_taken',
      message: `${username.toUpperCase()} is already taken.`,
    });
  });

  it('refuses sign-ups while they are disabled', async () => {
    await t.sql`update site_settings set signups_disabled = true`;
    try {
      const response = await signupResponse({ username: uniqueName(), password: 'password1' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('signups_disabled');
    } finally {
      await t.sql`update site_settings set signups_disabled = false`;
    }
  });

  it('stores a salted scrypt hash, never the password', async () => {
    const { username } = await signUp(t.app, uniqueName(), 'my secret words');
    const [row] = await t.sql<{ passwordHash: string }[]>`select password_hash from users where username = ${username}`;
    expect(row?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row?.passwordHash).not.toContain('my secret words');
  });
});

describe('POST /api/_login', () => {
  it.each([
    [{ username: '', password: '' }, 'Username and password empty.'],
    [{}, 'Username and password empty.'],
    [{ username: '', password: 'x' }, 'Username empty.'],
    [{ username: 'someone', password: '' }, 'Password empty.'],
  ])('answers 400 for %j with the spec message', async (body, message) => {
    const browser = await new Browser(t.app).open();
    const response = await browser.post('/api/_login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 401 for a wrong password and for an unknown user alike', async () => {
    const { username } = await signUp(t.app);
    const browser = await new Browser(t.app).open();
    for (const body of [{ username, password: 'wrong password' }, { username: uniqueName('ghost'), password: 'whatever1' }]) {
      const response = await browser.post('/api/_login', body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, code: 'wrong_credentials', message: 'Username and password do not match.' });
    }
    expect((await browser.get('/api/_user')).statusCode).toBe(401);
  });

  it('logs in with any case of the username and rotates the session id', async () => {
    const { username, password } = await signUp(t.app);
    const browser = await new Browser(t.app).open();
    const before = browser.cookie('sid');
    const tokenBefore = browser.token;
    const response = await browser.post('/api/_login', { username: username.toUpperCase(), password });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(username);
    expect(browser.cookie('sid')).toBeDefined();
    expect(browser.cookie('sid')).not.toBe(before);
    expect(browser.token).not.toBe(tokenBefore);
    expect((await browser.get('/api/_user')).json().username).toBe(username);
  });

  it('sets the session cookie httpOnly and SameSite=Lax, the token cookie readable', async () => {
    const { username, password } = await signUp(t.app);
    const browser = await new Browser(t.app).open();
    const response = await browser.post('/api/_login', { username, password });
    const sid = response.cookies.find((c) => c.name === 'sid');
    const csrf = response.cookies.find((c) => c.name === 'csrftoken');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(csrf?.httpOnly).toBeFalsy();
    expect(csrf?.value).toBe(response.headers['csrf-token']);
  });

  it('keeps no usable session id in the database', async () => {
    const { browser } = await signUp(t.app);
    const sid = browser.cookie('sid') ?? '';
    const rows = await t.sql`select 1 from sessions where id = ${sid}`;
    expect(rows).toHaveLength(0);
  });

  it('answers 403 account_suspended with "@{name} is suspended." for a banned user', async () => {
    const { username, password } = await signUp(t.app);
    await t.sql`update users set banned_at = now() where username = ${username}`;
    const browser = await new Browser(t.app).open();
    const response = await browser.post('/api/_login', { username, password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, code: 'account_suspended', message: `@${username} is suspended.` });
  });

  it('drops an old session of a user who has since been banned', async () => {
    const { browser, username } = await signUp(t.app);
    await t.sql`update users set banned_at = now() where username = ${username}`;
    expect((await browser.get('/api/_user')).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session: the old cookie no longer logs in', async () => {
    const { browser } = await signUp(t.app);
    const oldSid = browser.cookie('sid');
    const response = await browser.post('/api/_login?action=logout');
    expect(response.statusCode).toBe(200);
    expect(browser.cookie('sid')).not.toBe(oldSid);
    expect((await browser.get('/api/_user')).statusCode).toBe(401);

    const replayed = await t.app.inject({ method: 'GET', url: '/api/_user', headers: { cookie: `sid=${oldSid}` } });
    expect(replayed.statusCode).toBe(401);
  });

  it('needs the anti-forgery token', async () => {
    const { browser } = await signUp(t.app);
    const response = await browser.post('/api/_login?action=logout', undefined, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect((await browser.get('/api/_user')).statusCode).toBe(200);
  });
});

describe('GET /api/_user and /api/users/{username}', () => {
  it('answers 401 JSON to visitors', async () => {
    const response = await new Browser(t.app).get('/api/_user');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'not_logged_in' });
  });

  it('answers 404 for a free name', async () => {
    const response = await new Browser(t.app).get(`/api/users/${uniqueName('free')}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('shows others the public profile only: no email, password hash, IPs or preferences', async () => {
    const { username } = await signUp(t.app);
    await t.sql`update users set email = 'private@example.com' where username = ${username}`;
    const { browser: other } = await signUp(t.app);
    for (const viewer of [new Browser(t.app), other]) {
      const response = await viewer.get(`/api/users/${username}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.username).toBe(username);
      expect(response.body).not.toContain('private@example.com');
      expect(response.body).not.toContain('scrypt');
      for (const key of ['email', 'passwordHash', 'createdIP', 'lastSeenIP', 'homeFeed', 'notificationsNewCount']) {
        expect(body).not.toHaveProperty(key);
      }
    }
  });

  it('shows the user their own email and preferences', async () => {
    const { browser, username } = await signUp(t.app);
    const body = (await browser.get(`/api/users/${username}`)).json();
    expect(body).toMatchObject({ email: null, homeFeed: 'all', notificationsNewCount: 0 });
  });

  it('shows a profile picture until it is deleted', async () => {
    const { browser, username, user } = await signUp(t.app);
    const imageId = await makeUpload(t.sql, user.id);
    await t.sql`update users set pro_pic_id = ${imageId} where id = ${user.id}`;
    expect((await browser.get(`/api/users/${username}`)).json().proPic).toMatchObject({ id: imageId });
    await t.sql`update images set deleted_at = now() where id = ${imageId}`;
    expect((await browser.get(`/api/users/${username}`)).json().proPic).toBeNull();
    expect((await browser.get('/api/_user')).json().proPic).toBeNull();
  });

  it('gives full details with adminsView=true to admins only', async () => {
    const { username } = await signUp(t.app);
    const { browser: normal } = await signUp(t.app);
    expect((await normal.get(`/api/users/${username}?adminsView=true`)).statusCode).toBe(403);

    const { browser: admin } = await member(t, { admin: true });
    const body = (await admin.get(`/api/users/${username}?adminsView=true`)).json();
    expect(body).toHaveProperty('createdIP', '127.0.0.1');
    expect(body).toHaveProperty('email');
  });
});

describe('ghost ids of deleted accounts', () => {
  it('are keyed with the site secret: not the SHA-1 of public ids, stable across reads and restarts, one per thread', async () => {
    const owner = await signUp(t.app);
    const community = await insertCommunity(t.sql);
    await owner.browser.post('/api/_joinCommunity', { communityId: community.id, leave: false });
    const write = (title: string) => makePost(owner.browser, community.name, { title });
    const first = await write('First thread');
    const second = await write('Second thread');
    const said = await makeComment(owner.browser, first, 'Under the first');
    const deleted = await owner.browser.request('DELETE', `/api/users/${owner.username}`, { body: { password: owner.password } });
    expect(deleted.statusCode).toBe(200);

    const ghostOf = async (app: FastifyInstance, post: Post) => (await new Browser(app).get(`/api/posts/${post.publicId}`)).json<Post>().userGhostId;
    const ghost = await ghostOf(t.app, first);
    expect(ghost).toMatch(/^[0-9a-f]{8}$/);
    for (const guess of [`${owner.user.id}:${first.id}`, `${owner.user.id}:${first.publicId}`]) {
      expect(ghost).not.toBe(createHash('sha1').update(guess).digest('hex').slice(0, 8));
    }
    expect(await ghostOf(t.app, first)).toBe(ghost);
    expect(await ghostOf(t.app, second)).toMatch(/^[0-9a-f]{8}$/);
    expect(await ghostOf(t.app, second)).not.toBe(ghost);

    const boss = await member(t, { admin: true });
    const latest = (await boss.browser.get('/api/comments')).json<{ comments: Comment[] }>().comments;
    expect(latest.find((comment) => comment.id === said.id)?.userGhostId).toBe(ghost);

    const restarted = await buildApp({ config: { ...loadConfig({}), rateLimit: false, webDist: undefined }, sql: t.sql });
    try {
      expect(await ghostOf(restarted, first)).toBe(ghost);
    } finally {
      await restarted.close();
    }
  });
});
