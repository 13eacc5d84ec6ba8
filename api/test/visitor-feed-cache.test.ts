import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, signUp, type TestApp } from './helpers/app.ts';
import { joinCommunity, makeCommunity, userId } from './helpers/factories.ts';

// The app as in production: visitors' feed pages are kept and shared for a while (long here, so
// that nothing depends on timing).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ visitorFeedCacheMs: 60_000 });
});
afterAll(() => t.close());

const titles = (response: { json: <T>() => T }) => response.json<{ posts: Array<{ title: string }> }>().posts.map((post) => post.title);

describe('feed pages of visitors', () => {
  it('are shared between visitors, with validators, while logged-in users see their own fresh page', async () => {
    const community = await makeCommunity(t.sql);
    const author = await signUp(t.app);
    await joinCommunity(t.sql, community.id, await userId(t.sql, author.username));
    expect((await author.browser.post('/api/posts', { title: 'First light', community: community.name })).statusCode).toBe(201);

    const url = `/api/posts?communityId=${community.id}&sort=latest`;
    const first = await new Browser(t.app).get(url);
    expect(first.statusCode).toBe(200);
    expect(titles(first)).toEqual(['First light']);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers.vary).toMatch(/cookie/i);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^".+"$/);

    expect((await author.browser.post('/api/posts', { title: 'Second light', community: community.name })).statusCode).toBe(201);
    // Another visitor gets the kept page; the author, logged in, sees the new post at once.
    const second = await new Browser(t.app).get(url);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);
    const own = await author.browser.get(url);
    expect(titles(own)).toEqual(['Second light', 'First light']);
    expect(own.headers.etag).toBeUndefined();
    expect(own.headers['cache-control']).not.toMatch(/public/);

    // A visitor holding the page asks whether it changed: 304 without a body.
    const unchanged = await new Browser(t.app).get(url, { headers: { 'if-none-match': etag ?? '' } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    const stale = await new Browser(t.app).get(url, { headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('keep different feeds, sorts and pages apart', async () => {
    const community = await makeCommunity(t.sql);
    const author = await signUp(t.app);
    await joinCommunity(t.sql, community.id, await userId(t.sql, author.username));
    for (const title of ['Alpha', 'Beta', 'Gamma']) {
      expect((await author.browser.post('/api/posts', { title, community: community.name })).statusCode).toBe(201);
    }
    const visitor = new Browser(t.app);
    const page1 = await visitor.get(`/api/posts?communityId=${community.id}&sort=latest&limit=2`);
    expect(titles(page1)).toEqual(['Gamma', 'Beta']);
    const { next } = page1.json<{ next: string }>();
    const page2 = await visitor.get(`/api/posts?communityId=${community.id}&sort=latest&limit=2&next=${encodeURIComponent(next)}`);
    expect(titles(page2)).toEqual(['Alpha']);
    const whole = await visitor.get(`/api/posts?communityId=${community.id}&sort=latest&limit=5`);
    expect(titles(whole)).toEqual(['Gamma', 'Beta', 'Alpha']);
  });
});

describe('feed pages of visitors with keeping off', () => {
  it('show a new post at once and tell browsers to check again', async () => {
    const fresh = await buildTestApp();
    try {
      const community = await makeCommunity(fresh.sql);
      const author = await signUp(fresh.app);
      await joinCommunity(fresh.sql, community.id, await userId(fresh.sql, author.username));
      const url = `/api/posts?communityId=${community.id}&sort=latest`;
      expect(titles(await new Browser(fresh.app).get(url))).toEqual([]);
      expect((await author.browser.post('/api/posts', { title: 'Right away', community: community.name })).statusCode).toBe(201);
      const after = await new Browser(fresh.app).get(url);
      expect(titles(after)).toEqual(['Right away']);
      expect(after.headers['cache-control']).toBe('no-cache');
    } finally {
      await fresh.close();
    }
  });
});
