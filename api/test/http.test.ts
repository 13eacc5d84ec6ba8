import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, uniqueName, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('error shapes', () => {
  it('answers an unknown API path with 404 JSON', async () => {
    const response = await new Browser(t.app).get('/api/no/such/thing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'API endpoint not found.' });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const browser = await new Browser(t.app).open();
    const response = await browser.request('DELETE', '/api/_initial');
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.json()).toEqual({ status: 405, code: 'method_not_allowed', message: 'Method not allowed.' });

    const withParams = await browser.request('PUT', '/api/users/someone');
    expect(withParams.statusCode).toBe(405);
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const browser = await new Browser(t.app).open();
    const response = await browser.request('POST', '/api/_login', { rawBody: '{"username": "abc", ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('answers a body of the wrong shape with 400, never 500', async () => {
    const browser = await new Browser(t.app).open();
    for (const rawBody of ['[]', '"text"', '42', 'null', '{"username": 5, "password": ["x"]}']) {
      const response = await browser.request('POST', '/api/_signup', { rawBody });
      expect(response.statusCode, rawBody).toBe(400);
      expect(response.json()).toMatchObject({ status: 400 });
    }
  });

  it('answers an unsupported content type with 415', async () => {
    const browser = await new Browser(t.app).open();
    const response = await browser.request('POST', '/api/_login', {
      rawBody: 'username=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ status: 415, code: 'unsupported_media_type' });
  });

  it('reads a text/plain body, or one with no type, as JSON; writes still need the anti-forgery token', async () => {
    const browser = await new Browser(t.app).open();
    const signup = { username: uniqueName('plain'), password: 'correct horse battery', email: '' };
    const plain = { 'content-type': 'text/plain;charset=UTF-8' };
    const forged = await browser.request('POST', '/api/_signup', { rawBody: JSON.stringify(signup), headers: plain, csrf: false });
    expect(forged.statusCode).toBe(403);
    const created = await browser.request('POST', '/api/_signup', { rawBody: JSON.stringify(signup), headers: plain });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ username: signup.username });

    const other = await new Browser(t.app).open();
    const untyped = await t.app.inject({
      method: 'POST',
      url: '/api/_login',
      headers: { cookie: `sid=${other.cookie('sid')}`, 'x-csrf-token': other.token ?? '' },
      payload: JSON.stringify({ username: signup.username, password: signup.password }),
    });
    expect(untyped.statusCode, untyped.body).toBe(200);
    expect(untyped.json()).toMatchObject({ username: signup.username });

    const broken = await browser.request('POST', '/api/_login', { rawBody: '{"username": ', headers: plain });
    expect(broken.json()).toEqual({ status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('answers a too large body with 413', async () => {
    const browser = await new Browser(t.app).open();
    const response = await browser.request('POST', '/api/_login', { rawBody: JSON.stringify({ username: 'x'.repeat(2_000_000) }) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('answers an unknown query action with 400', async () => {
    const browser = await new Browser(t.app).open();
    const response = await browser.post('/api/_login?action=dance', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unknown action.');
  });

  it('hands out the anti-forgery token in a header on every response, errors included', async () => {
    const browser = new Browser(t.app);
    const ok = await browser.get('/api/_initial');
    const missing = await browser.get('/api/missing');
    expect(ok.headers['csrf-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(missing.headers['csrf-token']).toBe(ok.headers['csrf-token']);
  });

  it('marks API answers as not cacheable and sets basic security headers', async () => {
    const response = await new Browser(t.app).get('/api/_initial');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('GET /api/_initial', () => {
  it('has every bootstrap key for a visitor', async () => {
    const body = (await new Browser(t.app).get('/api/_initial')).json();
    expect(Object.keys(body).sort()).toEqual([
      'bannedFrom', 'captchaSiteKey', 'communities', 'communityCreateReqPoints', 'contactEmail', 'imagePostSubmitReqPoints',
      'linkPostSubmitReqPoints', 'lists', 'mutes', 'noUsers', 'reportReasons', 'signupsDisabled', 'user', 'vapidPublicKey',
    ]);
    expect(body.user).toBeNull();
    expect(body.mutes).toEqual({ userMutes: [], communityMutes: [] });
    expect(body.reportReasons.length).toBeGreaterThan(0);
    expect(body.reportReasons[0]).toMatchObject({ id: 1, title: expect.any(String) });
    expect(body.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(body.signupsDisabled).toBe(false);
  });

  it('keeps the same VAPID key across restarts of the app', async () => {
    const first = (await new Browser(t.app).get('/api/_initial')).json().vapidPublicKey;
    const { buildApp } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    const again = await buildApp({ config: { ...loadConfig({}), rateLimit: false, webDist: undefined }, sql: t.sql });
    try {
      const second = (await again.inject({ method: 'GET', url: '/api/_initial' })).json().vapidPublicKey;
      expect(second).toBe(first);
    } finally {
      await again.close();
    }
  });

  it('carries the logged-in user, their communities, bans, mutes and lists', async () => {
    const browser = await new Browser(t.app).open();
    const username = `init_${Date.now() % 1e8}`;
    await browser.post('/api/_signup', { username, password: 'password1' });
    const [user] = await t.sql<{ id: string }[]>`select id from users where username = ${username}`;
    const [community] = await t.sql<{ id: string }[]>`insert into communities (name, created_by) values ('zeta_things', ${user!.id}) returning id`;
    const [other] = await t.sql<{ id: string }[]>`insert into communities (name) values ('alpha_things') returning id`;
    await t.sql`insert into community_members (community_id, user_id) values (${community!.id}, ${user!.id}), (${other!.id}, ${user!.id})`;
    await t.sql`insert into community_mods (community_id, user_id, position) values (${community!.id}, ${user!.id}, 0)`;
    await t.sql`insert into community_bans (community_id, user_id) values (${other!.id}, ${user!.id})`;
    await t.sql`insert into community_mutes (user_id, community_id) values (${user!.id}, ${other!.id})`;
    await t.sql`insert into lists (user_id, name, display_name, public) values (${user!.id}, 'reading', 'Reading', true)`;

    const body = (await browser.get('/api/_initial')).json();
    expect(body.user.username).toBe(username);
    expect(body.user.moddingList).toEqual([{ id: community!.id, name: 'zeta_things', proPic: null }]);
    expect(body.communities.map((c: { name: string }) => c.name)).toEqual(['alpha_things', 'zeta_things']);
    expect(body.communities[1]).toMatchObject({ userJoined: true, userMod: true, mods: [{ id: user!.id, username }] });
    expect(body.bannedFrom).toEqual([other!.id]);
    expect(body.mutes.communityMutes).toMatchObject([{ type: 'community', mutedCommunityId: other!.id }]);
    expect(body.lists).toMatchObject([
      { name: 'reading', displayName: 'Reading', numItems: 0, public: true },
      { name: 'bookmarks', displayName: 'Bookmarks', numItems: 0, public: false },
    ]);
  });

  it('shows visitors the default communities', async () => {
    const [c] = await t.sql<{ id: string }[]>`insert into communities (name) values ('welcome_here') returning id`;
    await t.sql`insert into default_communities (community_id) values (${c!.id})`;
    const body = (await new Browser(t.app).get('/api/_initial')).json();
    expect(body.communities).toMatchObject([{ name: 'welcome_here', isDefault: true, userJoined: false }]);
  });
});

const SHELL_SCRIPT = 'document.documentElement.dataset.ready = "1";';
const SHELL_STYLE = 'html { background: #fff; }';
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};`;

describe('serving the web app', () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'quorum-web-'));
    await mkdir(join(dist, 'assets'));
    const shell = `<!doctype html><title>Quorum</title><style>${SHELL_STYLE}</style><script>${SHELL_SCRIPT}</script><div id="root"></div>`;
    await writeFile(join(dist, 'index.html'), shell);
    await writeFile(join(dist, 'index.html.br'), brotliCompressSync(shell));
    await writeFile(join(dist, 'assets', 'index-1a2b3c.js'), 'console.log(1);');
    await writeFile(join(dist, 'assets', 'vendor-4d5e6f.js'), BIG_SCRIPT);
    await writeFile(join(dist, 'assets', 'vendor-4d5e6f.js.br'), brotliCompressSync(BIG_SCRIPT));
    await writeFile(join(dist, 'assets', 'vendor-4d5e6f.js.gz'), gzipSync(BIG_SCRIPT));
    web = await buildTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await web.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers every page address with the app shell, revalidated on each load; a missing community, post or user with a 404', async () => {
    const pages = { '/': 200, '/new': 200, '/gardening': 404, '/gardening/post/Ab12Cd34': 404, '/@someone?filter=posts': 404 };
    for (const [url, status] of Object.entries(pages)) {
      const response = await web.app.inject(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('sends the shell with a Content-Security-Policy that allows its own inline script and style by hash, and style attributes', async () => {
    for (const url of ['/', '/gardening/post/Ab12Cd34', '/index.html']) {
      const policy = (await web.app.inject(url)).headers['content-security-policy'];
      expect(policy, url).toBe(
        "default-src 'self'; " +
          `script-src 'self' 'sha256-${sha256(SHELL_SCRIPT)}'; ` +
          `style-src 'self' 'sha256-${sha256(SHELL_STYLE)}'; style-src-attr 'unsafe-inline'; ` +
          "img-src 'self' data: blob:; frame-src https://www.youtube-nocookie.com; object-src 'none'; base-uri 'none'; " +
          "form-action 'self'; frame-ancestors 'none'",
      );
    }
    expect((await web.app.inject('/assets/index-1a2b3c.js')).headers['content-security-policy']).toBeUndefined();
  });

  it('lets the hCaptcha widget load on the shell only when sign-ups need a captcha', async () => {
    const withCaptcha = await buildTestApp({ webDist: dist, captchaSecret: 'secret', captchaSiteKey: 'site-key' });
    try {
      const policy = (await withCaptcha.app.inject('/')).headers['content-security-policy'];
      expect(policy).toContain(`script-src 'self' 'sha256-${sha256(SHELL_SCRIPT)}' https://hcaptcha.com https://*.hcaptcha.com;`);
      expect(policy).toContain("connect-src 'self' https://hcaptcha.com https://*.hcaptcha.com;");
      expect(policy).toContain('frame-src https://www.youtube-nocookie.com https://hcaptcha.com https://*.hcaptcha.com;');
    } finally {
      await withCaptcha.close();
    }
    expect((await web.app.inject('/')).headers['content-security-policy']).not.toContain('hcaptcha');
  });

  it('sends HSTS only when the public address is https', async () => {
    expect((await web.app.inject('/')).headers['strict-transport-security']).toBeUndefined();
    const secure = await buildTestApp({ webDist: dist, publicUrl: 'https://forum.example' });
    try {
      for (const url of ['/', '/api/_initial']) {
        expect((await secure.app.inject(url)).headers['strict-transport-security'], url).toBe('max-age=31536000');
      }
    } finally {
      await secure.close();
    }
  });

  it('sends the compressed copies the build wrote to browsers that accept them', async () => {
    const url = '/assets/vendor-4d5e6f.js';
    const brotli = await web.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await web.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await web.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);

    const page = await web.app.inject({ url: '/gardening', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves hashed assets for a year, and a missing file as 404 rather than the shell', async () => {
    const asset = await web.app.inject('/assets/index-1a2b3c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/assets/index-gone99.js', '/favicon-old.png', '/assets/chunk.css?v=2']) {
      const missing = await web.app.inject(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).not.toContain('<div id="root">');
    }
    expect((await web.app.inject('/api/no/such/thing')).statusCode).toBe(404);
  });
});
