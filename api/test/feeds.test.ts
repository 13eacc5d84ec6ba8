import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';
import { insertCommunity, joinCommunity, member, setAdmin } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Inserts posts straight into the database with chosen ranks, for feed tests. */
async function seedPosts(
  communityId: string,
  authorId: string,
  specs: Array<{ title: string; hotness?: number; points?: number; activity?: string; ageDays?: number }>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const spec of specs) {
    const [row] = await t.sql<{ id: string }[]>`
      insert into posts (public_id, type, title, user_id, community_id, hotness, points, upvotes, created_at, last_activity_at)
      values (${randomBytes(6).toString('base64url')}, 'text', ${spec.title},
              ${authorId}, ${communityId}, ${spec.hotness ?? 0}, ${spec.points ?? 0}, ${Math.max(spec.points ?? 0, 0)},
              now() - make_interval(days => ${spec.ageDays ?? 0}),
              coalesce(${spec.activity ?? null}::timestamptz, now() - make_interval(days => ${spec.ageDays ?? 0})))
      returning id`;
    ids.push(row!.id);
  }
  return ids;
}

async function walk(browser: Browser, query: string, limit: number) {
  const seen: string[] = [];
  let next: string | null = null;
  let pages = 0;
  do {
    const url = `/api/posts?${query}&limit=${limit}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
    const response = await browser.get(url);
    expect(response.statusCode, url).toBe(200);
    const body = response.json() as { posts: Array<{ id: string; isPinned: boolean }>; next: string | null };
    expect(body.posts.filter((p) => !p.isPinned).length).toBeLessThanOrEqual(limit);
    seen.push(...body.posts.map((p) => p.id));
    next = body.next;
    pages += 1;
  } while (next && pages < 100);
  return seen;
}

describe('cursor walks', () => {
  it('visit every post exactly once in order, for every sort, with ties', async () => {
    const author = await member(t);
    const community = await insertCommunity(t.sql);
    const tie = '2026-06-01T12:00:00.123456Z';
    const specs = Array.from({ length: 23 }, (_, i) => ({
      title: `Post number ${i}`,
      hotness: 1000 * (i % 4),
      points: i % 3,
      activity: i % 2 === 0 ? tie : `2026-06-0${1 + (i % 5)}T0${i % 10}:00:00.${String(100000 + i).slice(1)}Z`,
      ageDays: i % 6,
    }));
    const ids = await seedPosts(community.id, author.id, specs);
    const visitor = new Browser(t.app);

    const expectations: Record<string, string> = {
      hot: 'hotness desc, id desc',
      latest: 'id desc',
      activity: 'last_activity_at desc, id desc',
      all: 'points desc, id desc',
    };
    for (const [sort, order] of Object.entries(expectations)) {
      const expected = (await t.sql.unsafe(`select id from posts where community_id = $1 and deleted_at is null order by ${order}`, [community.id])).map((r) => r.id as string);
      expect(expected).toHaveLength(ids.length);
      for (const limit of [1, 4, 10]) {
        expect(await walk(visitor, `communityId=${community.id}&sort=${sort}`, limit), `${sort} ${limit}`).toEqual(expected);
      }
    }
  });

  it('keeps top periods to their windows', async () => {
    const author = await member(t);
    const community = await insertCommunity(t.sql);
    const [today, threeDays, twentyDays, hundredDays, twoYears] = await seedPosts(community.id, author.id, [
      { title: 'Today', points: 1, ageDays: 0 },
      { title: 'Three days', points: 5, ageDays: 3 },
      { title: 'Twenty days', points: 9, ageDays: 20 },
      { title: 'Hundred days', points: 20, ageDays: 100 },
      { title: 'Two years', points: 50, ageDays: 730 },
    ]);
    const visitor = new Browser(t.app);
    const top = async (sort: string) => walk(visitor, `communityId=${community.id}&sort=${sort}`, 2);
    expect(await top('day')).toEqual([today]);
    expect(await top('week')).toEqual([threeDays, today]);
    expect(await top('month')).toEqual([twentyDays, threeDays, today]);
    expect(await top('year')).toEqual([hundredDays, twentyDays, threeDays, today]);
    expect(await top('all')).toEqual([twoYears, hundredDays, twentyDays, threeDays, today]);
  });

  it('refuses bad cursors and limits with 400', async () => {
    const visitor = new Browser(t.app);
    const latest = (await visitor.get('/api/posts?sort=latest&limit=1')).json();
    for (const url of [
      '/api/posts?next=garbage',
      '/api/posts?next=WyJob3QiLDEsIngiXQ',
      ...(latest.next ? [`/api/posts?sort=hot&next=${latest.next}`] : []),
      '/api/posts?limit=0',
      '/api/posts?limit=-1',
      '/api/posts?limit=ten',
      '/api/posts?sort=best',
      '/api/posts?feed=mine',
      '/api/posts?communityId=nope',
    ]) {
      const response = await visitor.get(url);
      expect(response.statusCode, url).toBe(400);
    }
    expect((await visitor.get('/api/posts?next=garbage')).json().code).toBe('invalid_cursor');
  });

  it('reads a limit above 50 as 50', async () => {
    const author = await member(t);
    const community = await insertCommunity(t.sql);
    await seedPosts(community.id, author.id, Array.from({ length: 52 }, (_, i) => ({ title: `Long page ${i}` })));
    const visitor = new Browser(t.app);
    const page = async (limit: string) => (await visitor.get(`/api/posts?communityId=${community.id}&sort=latest&limit=${limit}`)).json();
    const fifty = await page('50');
    expect(fifty.posts).toHaveLength(50);
    for (const limit of ['51', '1000', '99999999999999999999']) expect(await page(limit), limit).toEqual(fifty);
  });

  it('pages 10 posts by default', async () => {
    const author = await member(t);
    const community = await insertCommunity(t.sql);
    await seedPosts(community.id, author.id, Array.from({ length: 12 }, (_, i) => ({ title: `Default limit ${i}` })));
    const body = (await new Browser(t.app).get(`/api/posts?communityId=${community.id}&sort=latest`)).json();
    expect(body.posts).toHaveLength(10);
    expect(body.next).toEqual(expect.any(String));
  });
});

describe('what a feed shows', () => {
  it('puts pinned posts first on the first hot page only, without repeating them', async () => {
    const author = await member(t);
    const community = await insertCommunity(t.sql);
    const ids = await seedPosts(community.id, author.id, Array.from({ length: 6 }, (_, i) => ({ title: `Pinning ${i}`, hotness: 100 * i })));
    await t.sql`update posts set pinned_at = now() where id = ${ids[0]!}`;
    const visitor = new Browser(t.app);
    const first = (await visitor.get(`/api/posts?communityId=${community.id}&sort=hot&limit=3`)).json();
    expect(first.posts[0]).toMatchObject({ id: ids[0], isPinned: true });
    expect(first.posts).toHaveLength(4);
    const all = await walk(visitor, `communityId=${community.id}&sort=hot`, 3);
    expect(all.filter((id) => id === ids[0])).toHaveLength(1);
    expect(new Set(all)).toEqual(new Set(ids));
    // Other sorts show the pinned post in its place.
    const latest = await walk(visitor, `communityId=${community.id}&sort=latest`, 10);
    const byId = await t.sql<{ id: string }[]>`select id from posts where community_id = ${community.id} order by id desc`;
    expect(latest).toEqual(byId.map((r) => r.id));
  });

  it('leaves out deleted and hidden posts, muted users everywhere and muted communities on All only', async () => {
    const viewer = await member(t);
    const author = await member(t);
    const muted = await member(t);
    const community = await insertCommunity(t.sql);
    const mutedCommunity = await insertCommunity(t.sql);
    await joinCommunity(t.sql, community.id, viewer.id);
    await joinCommunity(t.sql, mutedCommunity.id, viewer.id);
    const [visible, deleted, hidden] = await seedPosts(community.id, author.id, [
      { title: 'Visible' }, { title: 'Deleted' }, { title: 'Hidden' },
    ]);
    const [byMuted] = await seedPosts(community.id, muted.id, [{ title: 'By a muted user' }]);
    const [inMutedCommunity] = await seedPosts(mutedCommunity.id, author.id, [{ title: 'In a muted community' }]);
    await t.sql`update posts set deleted_at = now() where id = ${deleted!}`;
    await t.sql`insert into user_mutes (user_id, muted_user_id) values (${viewer.id}, ${muted.id})`;
    await t.sql`insert into community_mutes (user_id, community_id) values (${viewer.id}, ${mutedCommunity.id})`;
    expect((await viewer.browser.post('/api/hidden_posts', { postId: hidden })).statusCode).toBe(201);

    const inAll = await walk(viewer.browser, 'feed=all&sort=latest', 50);
    expect(inAll).toContain(visible);
    for (const id of [deleted, hidden, byMuted, inMutedCommunity]) expect(inAll).not.toContain(id);

    const home = await walk(viewer.browser, 'feed=home&sort=latest', 50);
    expect(home).toEqual(expect.arrayContaining([visible, inMutedCommunity]));
    for (const id of [deleted, hidden, byMuted]) expect(home).not.toContain(id);

    const inCommunity = await walk(viewer.browser, `communityId=${mutedCommunity.id}&sort=latest`, 50);
    expect(inCommunity).toEqual([inMutedCommunity]);

    expect((await viewer.browser.request('DELETE', `/api/hidden_posts/${hidden}`)).statusCode).toBe(200);
    expect(await walk(viewer.browser, `communityId=${community.id}&sort=latest`, 50)).toContain(hidden);

    // Others still see everything that is not deleted.
    const others = await walk(new Browser(t.app), `communityId=${community.id}&sort=latest`, 50);
    expect(new Set(others)).toEqual(new Set([visible, hidden, byMuted]));
  });

  it('shows members their joined communities at home, visitors the default ones', async () => {
    const viewer = await member(t);
    const author = await member(t);
    const joined = await insertCommunity(t.sql);
    const notJoined = await insertCommunity(t.sql, { isDefault: true });
    await joinCommunity(t.sql, joined.id, viewer.id);
    const [inJoined] = await seedPosts(joined.id, author.id, [{ title: 'In joined' }]);
    const [inDefault] = await seedPosts(notJoined.id, author.id, [{ title: 'In default' }]);

    const home = await walk(viewer.browser, 'feed=home&sort=latest', 50);
    expect(home).toContain(inJoined);
    expect(home).not.toContain(inDefault);

    const visitorHome = await walk(new Browser(t.app), 'feed=home&sort=latest', 50);
    expect(visitorHome).toContain(inDefault);
    expect(visitorHome).not.toContain(inJoined);
  });

  it('shows moderators the communities they moderate, muted ones included; visitors get 401', async () => {
    const mod = await member(t);
    const author = await member(t);
    const modded = await insertCommunity(t.sql, { modId: mod.id });
    const mutedModded = await insertCommunity(t.sql, { modId: mod.id });
    const other = await insertCommunity(t.sql);
    await joinCommunity(t.sql, other.id, mod.id);
    const [inModded] = await seedPosts(modded.id, author.id, [{ title: 'In a modded community' }]);
    const [inMuted] = await seedPosts(mutedModded.id, author.id, [{ title: 'In a muted modded community' }]);
    await seedPosts(other.id, author.id, [{ title: 'Elsewhere' }]);
    await t.sql`insert into community_mutes (user_id, community_id) values (${mod.id}, ${mutedModded.id})`;

    const feed = (await mod.browser.get('/api/posts?feed=moderating&sort=latest')).json<{ posts: Array<{ id: string }> }>();
    expect(feed.posts.map((p) => p.id).sort()).toEqual([inModded, inMuted].sort());
    expect((await author.browser.get('/api/posts?feed=moderating')).json()).toEqual({ posts: [], next: null });
    expect((await new Browser(t.app).get('/api/posts?feed=moderating')).statusCode).toBe(401);
  });

  it('lists a community’s deleted and locked posts by page with their total, for its mods and admins only', async () => {
    const mod = await member(t);
    const admin = await member(t);
    await setAdmin(t.sql, admin.id);
    const author = await member(t);
    const community = await insertCommunity(t.sql, { modId: mod.id });
    const ids = await seedPosts(community.id, author.id, [1, 2, 3, 4, 5].map((n) => ({ title: `Post ${n}` })));
    await t.sql`update posts set deleted_at = now(), deleted_by = ${mod.id}, deleted_as = 'mods'
      where id = any(${ids.slice(0, 3)}::uuid[])`;
    await t.sql`update posts set locked_at = now(), locked_by = ${mod.id}, locked_by_group = 'mods' where id = ${ids[4]!}`;
    const base = `/api/posts?communityId=${community.id}`;

    const first = (await mod.browser.get(`${base}&filter=deleted&limit=2&page=1`)).json();
    expect(first).toMatchObject({ noPosts: 3, limit: 2, page: 1, next: null });
    expect(first.posts).toHaveLength(2);
    const second = (await admin.browser.get(`${base}&filter=deleted&limit=2&page=2`)).json();
    expect(second).toMatchObject({ noPosts: 3, page: 2 });
    expect([...first.posts, ...second.posts].map((p: { id: string }) => p.id).sort()).toEqual(ids.slice(0, 3).sort());
    expect((await mod.browser.get(`${base}&filter=deleted&limit=2&page=3`)).json()).toMatchObject({ noPosts: 3, posts: [] });
    const locked = (await mod.browser.get(`${base}&filter=locked`)).json();
    expect(locked).toMatchObject({ noPosts: 1, limit: 10, page: 1 });
    expect(locked.posts.map((p: { id: string }) => p.id)).toEqual([ids[4]]);

    expect((await author.browser.get(`${base}&filter=deleted`)).statusCode).toBe(403);
    expect((await new Browser(t.app).get(`${base}&filter=locked`)).statusCode).toBe(401);
    expect((await mod.browser.get('/api/posts?filter=deleted')).statusCode).toBe(400);
    for (const bad of ['filter=removed', 'filter=deleted&page=0', 'filter=deleted&page=-1', 'filter=deleted&page=x']) {
      expect((await mod.browser.get(`${base}&${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('loads the viewer’s votes with the page', async () => {
    const viewer = await member(t);
    const author = await member(t);
    const community = await insertCommunity(t.sql);
    const [up, down, none] = await seedPosts(community.id, author.id, [{ title: 'Voted up' }, { title: 'Voted down' }, { title: 'No vote' }]);
    await viewer.browser.post('/api/_postVote', { postId: up, up: true });
    await viewer.browser.post('/api/_postVote', { postId: down, up: false });
    const posts = (await viewer.browser.get(`/api/posts?communityId=${community.id}&sort=latest`)).json().posts as Array<{ id: string; vote: boolean | null }>;
    const votes = Object.fromEntries(posts.map((p) => [p.id, p.vote]));
    expect(votes).toEqual({ [up!]: true, [down!]: false, [none!]: null });
  });
});
