import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { HOME_MERGE_MAX_COMMUNITIES } from '../src/content/member-view.ts';
import { RECENT_WRITE_COOKIE } from '../src/db/read-routing.ts';
import { rankPostsVotesChanged } from '../src/posts/ranks.ts';
import { Browser, buildTestApp, signUp, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { insertCommunity, joinCommunity, member, put, setAdmin, userId, type SignedUp } from './helpers/factories.ts';

// The app as in production: what visitors read is kept and shared for a while (long here, so that
// nothing depends on timing).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ visitorCacheMs: 60_000 });
});
afterAll(() => t.close());

type Session = SignedUp;

/** The answer to `url` that a server keeping nothing computes for `member` alone. */
async function ownAnswer(member: Session, url: string): Promise<unknown> {
  const fresh = await buildApp({ config: { ...loadConfig({}), rateLimit: false, webDist: undefined, visitorCacheMs: 0 }, sql: t.sql });
  try {
    const own = await fresh.inject({ method: 'GET', url, headers: { cookie: `sid=${member.browser.cookie('sid')}` } });
    expect(own.statusCode).toBe(200);
    return own.json();
  } finally {
    await fresh.close();
  }
}

/**
 * Time passes for a member's writes: the marker each write leaves (and that gets them pages of their
 * own for a while) is gone, as a browser drops it after its Max-Age.
 */
function writesLongAgo(member: { browser: Browser }): void {
  member.browser.forget(RECENT_WRITE_COOKIE);
}

const titles = (response: { json: <T>() => T }) => response.json<{ posts: Array<{ title: string }> }>().posts.map((post) => post.title);

describe('feed pages of visitors', () => {
  it('are shared between visitors, with validators, while logged-in users see their own fresh page', async () => {
    const community = await insertCommunity(t.sql);
    const author = await member(t, { joins: community.id });
    expect((await author.browser.post('/api/posts', { title: 'First light', community: community.name })).statusCode).toBe(201);

    const url = `/api/posts?communityId=${community.id}&sort=latest`;
    const first = await (await new Browser(t.app).open()).get(url);
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

  it('are kept once for addresses that differ only in what does not change the page', async () => {
    const community = await insertCommunity(t.sql);
    const author = await member(t, { joins: community.id });
    expect((await author.browser.post('/api/posts', { title: 'Kept once', community: community.name })).statusCode).toBe(201);
    const visitor = await new Browser(t.app).open();
    const base = `/api/posts?communityId=${community.id}&sort=latest`;
    const kept = await visitor.get(`${base}&limit=50`);
    expect(titles(kept)).toEqual(['Kept once']);

    // A post made now shows only on a page computed after it.
    expect((await author.browser.post('/api/posts', { title: 'Made later', community: community.name })).statusCode).toBe(201);
    for (const url of [
      `${base}&limit=51`,
      `${base}&limit=1000`,
      `${base}&limit=99999999999999999999`,
      `${base}&limit=50&page=7`,
      `${base}&limit=50&junk=1`,
      `${base}&limit=50&feed=home`,
      `/api/posts?communityId=${community.id.toUpperCase()}&sort=latest&limit=50`,
    ]) {
      const response = await visitor.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(kept.body);
    }
    expect(titles(await visitor.get(`${base}&limit=49`))).toEqual(['Made later', 'Kept once']);
  });

  it('hand out a cookie only on answers that no shared cache keeps', async () => {
    const community = await insertCommunity(t.sql);
    const url = `/api/posts?communityId=${community.id}&sort=latest`;
    const firstVisit = await t.app.inject({ method: 'GET', url });
    expect(firstVisit.statusCode).toBe(200);
    expect(firstVisit.cookies.map((cookie) => cookie.name)).toContain('sid');
    expect(firstVisit.headers['cache-control']).toBe('private, max-age=60');
    const etag = String(firstVisit.headers.etag);
    const checked = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(checked.statusCode).toBe(304);
    expect(checked.headers['set-cookie']).toBeDefined();
    expect(checked.headers['cache-control']).toBe('private, max-age=60');

    // The app's first call hands out the cookies; the pages read with them after are shared.
    const visitor = await new Browser(t.app).open();
    const shared = await visitor.get(url);
    expect(shared.headers['set-cookie']).toBeUndefined();
    expect(shared.headers['cache-control']).toBe('public, max-age=60');
    expect(shared.body).toBe(firstVisit.body);
  });

  it('keep different feeds, sorts and pages apart', async () => {
    const community = await insertCommunity(t.sql);
    const author = await member(t, { joins: community.id });
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

describe('feed pages of members', () => {
  type Card = { id: string; title: string; upvotes: number; userVoted: boolean; vote: boolean | null; newComments: number; lastVisitAt: string | null };
  const cards = (response: { json: <T>() => T }) => response.json<{ posts: Card[] }>().posts;

  /** A community with two posts by one author, the page of it visitors are kept, and a member who has not posted. */
  async function sharedPage() {
    const community = await insertCommunity(t.sql);
    const author = await member(t, { joins: community.id });
    for (const title of ['Older', 'Newer']) {
      expect((await author.browser.post('/api/posts', { title, community: community.name })).statusCode).toBe(201);
    }
    const url = `/api/posts?communityId=${community.id}&sort=latest`;
    const kept = await new Browser(t.app).get(url);
    expect(titles(kept)).toEqual(['Newer', 'Older']);
    return { community, author, url, kept, member: await signUp(t.app) };
  }

  it('start from the kept page, with the member\'s own votes and visits and the counts as they are now', async () => {
    const { community, author, url, kept, member } = await sharedPage();
    const [newer, older] = cards(kept);
    expect((await member.browser.post('/api/_postVote', { postId: older?.id, up: true })).statusCode).toBe(200);
    const thread = await member.browser.get(`/api/posts/${kept.json<{ posts: Array<{ publicId: string }> }>().posts[0]?.publicId}`);
    expect(thread.statusCode).toBe(200);
    expect((await author.browser.post('/api/posts', { title: 'Newest', community: community.name })).statusCode).toBe(201);
    writesLongAgo(member);

    const page = cards(await member.browser.get(url));
    // The kept page (the newest post comes when it is made again), with this member's marks.
    expect(page.map((post) => post.title)).toEqual(['Newer', 'Older']);
    expect(page[1]).toMatchObject({ id: older?.id, upvotes: 2, userVoted: true, vote: true });
    expect(page[0]).toMatchObject({ id: newer?.id, upvotes: 1, userVoted: false, vote: null, newComments: 0 });
    expect(page[0]?.lastVisitAt).not.toBeNull();
    // Visitors still get the kept answer, counts included.
    expect((await new Browser(t.app).get(url)).body).toBe(kept.body);
  });

  it('are the member\'s own when the kept page holds a post they hid or muted, when they have just posted, and for admins', async () => {
    const hidden = await sharedPage();
    const newer = cards(hidden.kept)[0];
    expect((await hidden.member.browser.post('/api/hidden_posts', { postId: newer?.id })).statusCode).toBeLessThan(300);
    writesLongAgo(hidden.member);
    expect(titles(await hidden.member.browser.get(hidden.url))).toEqual(['Older']);

    const muted = await sharedPage();
    expect((await muted.member.browser.post('/api/mutes', { userId: muted.author.user.id })).statusCode).toBeLessThan(300);
    writesLongAgo(muted.member);
    expect(titles(await muted.member.browser.get(muted.url))).toEqual([]);

    // A muted community is left out of All, though it stays readable on its own page.
    const mutedCommunity = await sharedPage();
    const all = '/api/posts?feed=all&sort=latest&limit=50';
    await new Browser(t.app).get(all);
    expect((await mutedCommunity.member.browser.post('/api/mutes', { communityId: mutedCommunity.community.id })).statusCode).toBeLessThan(300);
    writesLongAgo(mutedCommunity.member);
    const allTitles = cards(await mutedCommunity.member.browser.get(all)).map((post) => post.id);
    expect(allTitles).not.toContain(cards(mutedCommunity.kept)[0]?.id);
    expect(titles(await mutedCommunity.member.browser.get(mutedCommunity.url))).toEqual(['Newer', 'Older']);

    const posting = await sharedPage();
    await joinCommunity(t.sql, posting.community.id, await userId(t.sql, posting.member.username));
    expect((await posting.member.browser.post('/api/posts', { title: 'Mine', community: posting.community.name })).statusCode).toBe(201);
    writesLongAgo(posting.member);
    expect(titles(await posting.member.browser.get(posting.url))).toEqual(['Mine', 'Newer', 'Older']);

    const admin = await sharedPage();
    await setAdmin(t.sql, await userId(t.sql, admin.member.username));
    expect((await admin.author.browser.post('/api/posts', { title: 'Latest', community: admin.community.name })).statusCode).toBe(201);
    expect(titles(await admin.member.browser.get(admin.url))).toEqual(['Latest', 'Newer', 'Older']);
  });
});

describe('search results', () => {
  type Found = { items: Array<{ type: string; post?: { id: string; title: string; userVoted: boolean } }> };
  const found = (response: { json: <T>() => T }) => response.json<Found>().items.map((item) => item.post?.title);

  /** Two posts with a word of their own in a new community, the visitors' kept search for it, and a member who has not posted. */
  async function keptSearch() {
    const community = await insertCommunity(t.sql);
    const author = await member(t, { joins: community.id });
    // A word of letters only, new to the site.
    const word = `kept${[...community.id.replace(/-/g, '')].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('')}`;
    for (const title of [`Older ${word}`, `Newer ${word}`]) {
      expect((await author.browser.post('/api/posts', { title, community: community.name })).statusCode).toBe(201);
    }
    const url = `/api/search?q=${word}&sort=new`;
    const kept = await (await new Browser(t.app).open()).get(url);
    expect(found(kept)).toEqual([`Newer ${word}`, `Older ${word}`]);
    expect(kept.headers['cache-control']).toBe('public, max-age=60');
    return { community, author, word, url, kept, member: await signUp(t.app) };
  }

  it("are shared between visitors, and a member's page of posts starts from them with the member's own votes", async () => {
    const { community, author, word, url, kept, member } = await keptSearch();
    expect((await author.browser.post('/api/posts', { title: `Newest ${word}`, community: community.name })).statusCode).toBe(201);
    expect((await new Browser(t.app).get(url)).body).toBe(kept.body);
    const older = kept.json<Found>().items[1]?.post;
    expect((await member.browser.post('/api/_postVote', { postId: older?.id, up: true })).statusCode).toBe(200);
    writesLongAgo(member);
    const own = await member.browser.get(url);
    expect(found(own)).toEqual([`Newer ${word}`, `Older ${word}`]);
    expect(own.json<Found>().items[1]?.post).toMatchObject({ id: older?.id, userVoted: true });
    expect(own.headers['cache-control']).not.toMatch(/public/);
  });

  it("are the member's own when the kept page holds a post they hid or muted, and when they have just posted", async () => {
    const hidden = await keptSearch();
    const newer = hidden.kept.json<Found>().items[0]?.post;
    expect((await hidden.member.browser.post('/api/hidden_posts', { postId: newer?.id })).statusCode).toBeLessThan(300);
    writesLongAgo(hidden.member);
    expect(found(await hidden.member.browser.get(hidden.url))).toEqual([`Older ${hidden.word}`]);

    const muted = await keptSearch();
    expect((await muted.member.browser.post('/api/mutes', { communityId: muted.community.id })).statusCode).toBeLessThan(300);
    writesLongAgo(muted.member);
    expect(found(await muted.member.browser.get(muted.url))).toEqual([]);

    const posting = await keptSearch();
    await joinCommunity(t.sql, posting.community.id, await userId(t.sql, posting.member.username));
    expect((await posting.member.browser.post('/api/posts', { title: `Mine ${posting.word}`, community: posting.community.name })).statusCode).toBe(201);
    writesLongAgo(posting.member);
    expect(found(await posting.member.browser.get(posting.url))).toEqual([`Mine ${posting.word}`, `Newer ${posting.word}`, `Older ${posting.word}`]);
  });
});

describe('profile feeds', () => {
  type Item = { type: 'post' | 'comment'; item: { id: string; title?: string; body: string; upvotes: number; userVoted: boolean; isAuthorMuted?: boolean } };
  const items = (response: { json: <T>() => T }) => response.json<{ items: Item[] }>().items;
  const texts = (response: { json: <T>() => T }) => items(response).map((entry) => entry.item.title ?? entry.item.body);

  /**
   * An author with a post and a comment on it, a member who has not posted (`prepare` acts as them
   * before the page is kept, as a member's writes come before the kept page they read: see
   * mayStartFromShared) and the visitors' kept page of the author's profile.
   */
  async function keptProfile(prepare: (made: { member: SignedUp; authorId: string; postId: string; commentId: string }) => Promise<void> = async () => {}) {
    const community = await insertCommunity(t.sql);
    const author = await member(t, { joins: community.id });
    const post = await author.browser.post('/api/posts', { title: 'Profile post', community: community.name });
    expect(post.statusCode).toBe(201);
    const { id: postId, publicId } = post.json<{ id: string; publicId: string }>();
    const comment = await author.browser.post(`/api/posts/${publicId}/comments`, { body: 'Profile comment' });
    expect(comment.statusCode).toBe(201);
    const reader = await signUp(t.app);
    await prepare({ member: reader, authorId: author.id, postId, commentId: comment.json<{ id: string }>().id });
    writesLongAgo(reader);
    const url = `/api/users/${author.username}/feed`;
    const kept = await (await new Browser(t.app).open()).get(url);
    expect(texts(kept)).toEqual(['Profile comment', 'Profile post']);
    expect(kept.headers['cache-control']).toBe('public, max-age=60');
    return { community, author, url, kept, member: reader };
  }

  /** The author writes again: visitors' kept page does not show it until it is made again. */
  async function authorPostsAgain(author: SignedUp, communityName: string) {
    expect((await author.browser.post('/api/posts', { title: 'Later post', community: communityName })).statusCode).toBe(201);
    writesLongAgo(author);
  }

  it("are shared between visitors, and a member's page starts from them with the member's own votes, the same as their own page", async () => {
    const { community, author, url, kept, member } = await keptProfile(async ({ member, postId, commentId }) => {
      expect((await member.browser.post('/api/_postVote', { postId, up: true })).statusCode).toBe(200);
      expect((await member.browser.post('/api/_commentVote', { commentId, up: true })).statusCode).toBe(200);
    });
    const [comment, post] = items(kept);
    const own = await member.browser.get(url);
    expect(own.headers['cache-control']).not.toMatch(/public/);
    expect(items(own)).toEqual([
      { type: 'comment', item: expect.objectContaining({ id: comment?.item.id, upvotes: 2, userVoted: true, isAuthorMuted: false }) },
      { type: 'post', item: expect.objectContaining({ id: post?.item.id, upvotes: 2, userVoted: true }) },
    ]);
    expect(own.json()).toEqual(await ownAnswer(member, url));

    await authorPostsAgain(author, community.name);
    expect((await new Browser(t.app).get(url)).body).toBe(kept.body);
    expect(texts(await member.browser.get(url))).toEqual(['Profile comment', 'Profile post']);
    // The author's own profile is always their own.
    expect(texts(await author.browser.get(url))).toEqual(['Later post', 'Profile comment', 'Profile post']);
  });

  it("are the member's own when they muted the author or the page holds a post they hid", async () => {
    const muted = await keptProfile(async ({ member, authorId }) => {
      expect((await member.browser.post('/api/mutes', { userId: authorId })).statusCode).toBeLessThan(300);
    });
    await authorPostsAgain(muted.author, muted.community.name);
    const mutedPage = await muted.member.browser.get(muted.url);
    expect(texts(mutedPage)).toEqual(['Later post', 'Profile comment', 'Profile post']);
    expect(items(mutedPage)[1]?.item.isAuthorMuted).toBe(true);
    expect(mutedPage.json()).toEqual(await ownAnswer(muted.member, muted.url));

    const hidden = await keptProfile(async ({ member, postId }) => {
      expect((await member.browser.post('/api/hidden_posts', { postId })).statusCode).toBeLessThan(300);
    });
    await authorPostsAgain(hidden.author, hidden.community.name);
    const hiddenPage = await hidden.member.browser.get(hidden.url);
    expect(texts(hiddenPage)).toEqual(['Later post', 'Profile comment', 'Profile post']);
    expect(hiddenPage.json()).toEqual(await ownAnswer(hidden.member, hidden.url));
  });
});

describe('home feeds of members', () => {
  type Card = { id: string; title: string; upvotes: number; userVotedUp: boolean; isPinnedSite: boolean };
  const cards = (response: { json: <T>() => T }) => response.json<{ posts: Card[]; next: string | null }>();

  /**
   * Until the ranks votes give these posts are set, as their job sets them: the job itself may be
   * setting some of them meanwhile (a batch leaves those to it), so until none is left marked.
   */
  async function ranksSettled(ids: string[]) {
    const marked = await eventually(async () => {
      await rankPostsVotesChanged(t.sql);
      const [row] = await t.sql<{ n: number }[]>`select count(*)::int as n from post_rank_changes where post_id = any(${ids}::uuid[])`;
      return row!.n;
    }, (n) => n === 0);
    expect(marked).toBe(0);
  }

  /** Three communities with posts of their own (a few of them upvoted), and a member of the first two. */
  async function joinedCommunities() {
    const author = await signUp(t.app);
    const voters = [await signUp(t.app), await signUp(t.app)];
    const communities = [await insertCommunity(t.sql), await insertCommunity(t.sql), await insertCommunity(t.sql)];
    const posts: Record<string, { id: string; publicId: string }> = {};
    for (const [index, community] of communities.entries()) {
      await joinCommunity(t.sql, community.id, await userId(t.sql, author.username));
      for (let n = 1; n <= 4 - index; n++) {
        const title = `C${index + 1} post ${n}`;
        const created = await author.browser.post('/api/posts', { title, community: community.name });
        expect(created.statusCode).toBe(201);
        posts[title] = created.json();
      }
    }
    for (const title of ['C1 post 1', 'C2 post 1', 'C2 post 2']) {
      for (const voter of voters) expect((await voter.browser.post('/api/_postVote', { postId: posts[title]?.id, up: true })).statusCode).toBe(200);
    }
    await ranksSettled(Object.values(posts).map((post) => post.id));
    const member = await signUp(t.app);
    for (const community of communities.slice(0, 2)) await joinCommunity(t.sql, community.id, member.user.id);
    return { author, communities, posts, member };
  }

  it("merge the first posts of each joined community, with the member's votes, the same as the member's own page", async () => {
    const { author, communities, posts, member } = await joinedCommunities();
    const admin = await signUp(t.app);
    await setAdmin(t.sql, admin.user.id);
    expect((await admin.browser.request('PUT', `/api/posts/${posts['C3 post 1']?.publicId}?action=pin&siteWide=true`)).statusCode).toBe(200);
    expect((await member.browser.post('/api/_postVote', { postId: posts['C1 post 2']?.id, up: true })).statusCode).toBe(200);
    // Compared with the member's own pages, which read the ranks as they are: once the vote's is set.
    await ranksSettled([posts['C1 post 2']!.id]);
    writesLongAgo(member);

    for (const sort of ['hot', 'latest', 'activity', 'all', 'day']) {
      const url = `/api/posts?feed=home&sort=${sort}&limit=3`;
      const page = cards(await member.browser.get(url));
      expect(page).toEqual(await ownAnswer(member, url));
      expect(page.posts.map((post) => post.title)).not.toContain('C3 post 2');
      // The next page follows the merged page's cursor as it follows the member's own.
      const nextUrl = `${url}&next=${encodeURIComponent(page.next ?? '')}`;
      expect(cards(await member.browser.get(nextUrl))).toEqual(await ownAnswer(member, nextUrl));
    }
    const hot = cards(await member.browser.get('/api/posts?feed=home&sort=hot&limit=3')).posts;
    expect(hot.map((post) => post.title)).toEqual(['C3 post 1', 'C2 post 2', 'C2 post 1', 'C1 post 1']);
    expect(hot[0]?.isPinnedSite).toBe(true);
    const latest = cards(await member.browser.get('/api/posts?feed=home&sort=latest&limit=3')).posts;
    expect(latest.map((post) => post.title)).toEqual(['C2 post 3', 'C2 post 2', 'C2 post 1']);
    expect(cards(await member.browser.get('/api/posts?feed=home&sort=latest&limit=10')).posts.find((post) => post.title === 'C1 post 2'))
      .toMatchObject({ upvotes: 2, userVotedUp: true });

    // A new post of a joined community comes when that community's posts are read again, as on visitors' pages;
    // a community joined a moment ago shows at once.
    expect((await author.browser.post('/api/posts', { title: 'C1 post 5', community: communities[0]?.name })).statusCode).toBe(201);
    const kept = cards(await member.browser.get('/api/posts?feed=home&sort=latest&limit=10')).posts.map((post) => post.title);
    expect(kept).not.toContain('C1 post 5');
    expect((await member.browser.post('/api/_joinCommunity', { communityId: communities[2]?.id })).statusCode).toBe(200);
    writesLongAgo(member);
    const joined = cards(await member.browser.get('/api/posts?feed=home&sort=latest&limit=10')).posts.map((post) => post.title);
    expect(joined).toContain('C3 post 2');
    expect(joined).not.toContain('C1 post 5');
  });

  it('are the member\'s own when the merged page holds a post they hid or muted, when they have just posted, and past the number merged', async () => {
    const url = '/api/posts?feed=home&sort=latest&limit=3';
    const hiding = await joinedCommunities();
    expect(cards(await hiding.member.browser.get(url)).posts.map((post) => post.title)).toEqual(['C2 post 3', 'C2 post 2', 'C2 post 1']);
    expect((await hiding.member.browser.post('/api/hidden_posts', { postId: hiding.posts['C2 post 2']?.id })).statusCode).toBeLessThan(300);
    writesLongAgo(hiding.member);
    expect(cards(await hiding.member.browser.get(url)).posts.map((post) => post.title)).toEqual(['C2 post 3', 'C2 post 1', 'C1 post 4']);

    const muting = await joinedCommunities();
    expect(cards(await muting.member.browser.get(url)).posts).toHaveLength(3);
    expect((await muting.member.browser.post('/api/mutes', { userId: muting.author.user.id })).statusCode).toBeLessThan(300);
    writesLongAgo(muting.member);
    expect(cards(await muting.member.browser.get(url)).posts).toEqual([]);

    const posting = await joinedCommunities();
    expect(cards(await posting.member.browser.get(url)).posts).toHaveLength(3);
    expect((await posting.member.browser.post('/api/posts', { title: 'Mine', community: posting.communities[0]?.name })).statusCode).toBe(201);
    writesLongAgo(posting.member);
    expect(cards(await posting.member.browser.get(url)).posts.map((post) => post.title)).toEqual(['Mine', 'C2 post 3', 'C2 post 2']);

    const many = await joinedCommunities();
    expect(cards(await many.member.browser.get(url)).posts).toHaveLength(3);
    // Joined to more communities than are merged (the two joined above count too).
    const more = HOME_MERGE_MAX_COMMUNITIES - 1;
    await t.sql`
      with made as (
        insert into communities (name) select 'many_' || substr(md5(random()::text), 1, 12) from generate_series(1, ${more}) returning id
      )
      insert into community_members (community_id, user_id) select id, ${many.member.user.id} from made`;
    expect((await many.author.browser.post('/api/posts', { title: 'C1 post 5', community: many.communities[0]?.name })).statusCode).toBe(201);
    expect(cards(await many.member.browser.get(url)).posts.map((post) => post.title)).toEqual(['C1 post 5', 'C2 post 3', 'C2 post 2']);
  });
});

describe('posts and threads as visitors see them', () => {
  it('are shared between visitors, with validators, while logged-in users see new comments at once', async () => {
    const community = await insertCommunity(t.sql);
    const author = await member(t, { joins: community.id });
    const created = await author.browser.post('/api/posts', { title: 'A thread to keep', community: community.name });
    const { publicId } = created.json<{ publicId: string }>();
    const first = await author.browser.post(`/api/posts/${publicId}/comments`, { body: 'The first word.' });
    const firstId = first.json<{ id: string }>().id;
    expect((await author.browser.post(`/api/posts/${publicId}/comments`, { body: 'A reply.', parentCommentId: firstId })).statusCode).toBe(201);

    const bodies = (response: { json: <T>() => T }, key: 'comments') => response.json<Record<typeof key, Array<{ body: string }>>>()[key].map((c) => c.body);
    const postUrl = `/api/posts/${publicId}`;
    const repliesUrl = `/api/posts/${publicId}/comments?parentId=${firstId}`;
    const permalinkUrl = `/api/posts/${publicId}/comments/${firstId}`;
    const seen = await Promise.all([postUrl, repliesUrl, permalinkUrl].map(async (url) => (await new Browser(t.app).open()).get(url)));
    for (const response of seen) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      expect(response.headers.etag).toMatch(/^".+"$/);
    }
    expect(bodies(seen[0]!, 'comments').sort()).toEqual(['A reply.', 'The first word.']);

    // A second reply: other visitors get the kept answers, the author sees it at once.
    expect((await author.browser.post(`/api/posts/${publicId}/comments`, { body: 'Another reply.', parentCommentId: firstId })).statusCode).toBe(201);
    const again = await Promise.all([postUrl, repliesUrl, permalinkUrl].map((url) => new Browser(t.app).get(url)));
    again.forEach((response, i) => {
      expect(response.body).toBe(seen[i]?.body);
      expect(response.headers.etag).toBe(seen[i]?.headers.etag);
    });
    // Nor from addresses that differ only in what does not change the answer.
    const sameAnswers: Array<[string, string | undefined]> = [
      [`${postUrl}?fetchCommunity=true`, seen[0]?.body],
      [`${postUrl}?junk=1`, seen[0]?.body],
      [`${repliesUrl}&next=anything`, seen[1]?.body],
    ];
    for (const [url, body] of sameAnswers) expect((await new Browser(t.app).get(url)).body, url).toBe(body);
    const own = await author.browser.get(repliesUrl);
    expect(bodies(own, 'comments')).toContain('Another reply.');
    expect(own.headers.etag).toBeUndefined();
    const unchanged = await new Browser(t.app).get(postUrl, { headers: { 'if-none-match': seen[0]?.headers.etag ?? '' } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('are not answered as shared when they fail', async () => {
    const missing = await new Browser(t.app).get('/api/posts/zzzzzzzz');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});

describe('post pages of members', () => {
  type Page = {
    id: string;
    upvotes: number;
    downvotes: number;
    userVotedUp: boolean;
    lastVisitAt: string | null;
    community: { noMembers: number; userJoined: boolean };
    comments: Array<{ id: string; body: string; upvotes: number; downvotes: number; userVoted: boolean; userVotedUp: boolean; isAuthorMuted: boolean }>;
  };

  /**
   * A post with a comment by its author and a reply by someone else, and a member; `beforeKept` (the
   * member's writes, say) runs before the page of it visitors are kept is made.
   */
  async function keptPost(beforeKept?: (made: { community: { id: string }; replier: Session; postId: string; firstId: string; member: Session }) => Promise<void>) {
    const community = await insertCommunity(t.sql);
    const author = await signUp(t.app);
    const replier = await signUp(t.app);
    await joinCommunity(t.sql, community.id, await userId(t.sql, author.username));
    const { publicId, id: postId } = (await author.browser.post('/api/posts', { title: 'Kept thread', community: community.name })).json<{ publicId: string; id: string }>();
    const first = (await author.browser.post(`/api/posts/${publicId}/comments`, { body: 'By the author.' })).json<{ id: string }>();
    const reply = (await replier.browser.post(`/api/posts/${publicId}/comments`, { body: 'A reply.', parentCommentId: first.id })).json<{ id: string }>();
    const member = await signUp(t.app);
    await beforeKept?.({ community, replier, postId, firstId: first.id, member });
    writesLongAgo(member);
    const url = `/api/posts/${publicId}`;
    const kept = await new Browser(t.app).get(url);
    expect(kept.json<Page>().comments.map((c) => c.body)).toEqual(['By the author.', 'A reply.']);
    return { community, author, replier, publicId, postId, firstId: first.id, replyId: reply.id, url, kept, member };
  }

  it("start from the kept page with the member's votes, mutes, membership and visit, the same as their own page", async () => {
    let before = 0;
    const { replier, publicId, postId, firstId, replyId, url, kept, member } = await keptPost(async ({ community, replier, postId, firstId, member }) => {
      before = (await new Browser(t.app).get(`/api/communities/${community.id}`)).json<{ noMembers: number }>().noMembers;
      expect((await member.browser.post('/api/_postVote', { postId, up: true })).statusCode).toBe(200);
      expect((await member.browser.post('/api/_commentVote', { commentId: firstId, up: false })).statusCode).toBe(200);
      expect((await member.browser.post('/api/mutes', { userId: replier.user.id })).statusCode).toBeLessThan(300);
      expect((await member.browser.post('/api/_joinCommunity', { communityId: community.id })).statusCode).toBe(200);
    });

    // The first view records the visit; the second reads it back.
    expect((await member.browser.get(url)).statusCode).toBe(200);
    const page = (await member.browser.get(url)).json<Page>();
    expect(page).toMatchObject({ id: postId, upvotes: 2, userVotedUp: true, community: { noMembers: before + 1, userJoined: true } });
    expect(page.lastVisitAt).not.toBeNull();
    expect(page.comments).toEqual([
      expect.objectContaining({ id: firstId, upvotes: 1, downvotes: 1, userVoted: true, userVotedUp: false, isAuthorMuted: false }),
      expect.objectContaining({ id: replyId, upvotes: 1, downvotes: 0, userVoted: false, isAuthorMuted: true }),
    ]);

    // The same as the page computed for the member alone, by a server that keeps nothing.
    expect(page).toEqual(await ownAnswer(member, url));
    // A comment by someone else comes to the member when the kept page is made again, as to visitors.
    expect((await replier.browser.post(`/api/posts/${publicId}/comments`, { body: 'Later.' })).statusCode).toBe(201);
    expect((await member.browser.get(url)).json<Page>().comments).toHaveLength(2);
    expect((await new Browser(t.app).get(url)).body).toBe(kept.body);
  });

  it("start from the kept page's comments as they are where the member has no vote or mute among them", async () => {
    const { postId, url, kept, member } = await keptPost(async ({ postId, member }) => {
      expect((await member.browser.post('/api/_postVote', { postId, up: false })).statusCode).toBe(200);
    });
    expect((await member.browser.get(url)).statusCode).toBe(200);
    const page = await member.browser.get(url);
    expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(page.json<Page>()).toMatchObject({ id: postId, userVotedUp: false, downvotes: 1 });
    expect(page.json<Page>().lastVisitAt).not.toBeNull();
    expect(page.json<Page>().comments).toEqual(kept.json<Page>().comments);
    expect(page.json()).toEqual(await ownAnswer(member, url));
  });

  it('no longer mark comments as by a muted author once that author deleted their account', async () => {
    const { replyId, url, member } = await keptPost(async ({ replier, member }) => {
      expect((await member.browser.post('/api/mutes', { userId: replier.user.id })).statusCode).toBeLessThan(300);
      expect((await replier.browser.request('DELETE', `/api/users/${replier.username}`, { body: { password: replier.password } })).statusCode).toBe(200);
    });
    // The first view records the visit; the second reads it back.
    expect((await member.browser.get(url)).statusCode).toBe(200);
    const page = (await member.browser.get(url)).json<Page>();
    expect(page.comments.find((c) => c.id === replyId)).toMatchObject({ body: 'A reply.', userDeleted: true, isAuthorMuted: false });
    expect(page).toEqual(await ownAnswer(member, url));
  });

  it('are the member\'s own when they wrote the post or have just written, for moderators and for admins', async () => {
    const bodies = (response: { json: <T>() => T }) => response.json<Page>().comments.map((c) => c.body);

    const authored = await keptPost();
    expect((await authored.author.browser.post(`/api/posts/${authored.publicId}/comments`, { body: 'Author again.' })).statusCode).toBe(201);
    writesLongAgo(authored.author);
    expect(bodies(await authored.author.browser.get(authored.url))).toContain('Author again.');

    // A member who has just written anything sees it at once: their comment, and their vote counted.
    const commenting = await keptPost();
    expect((await commenting.member.browser.post(`/api/posts/${commenting.publicId}/comments`, { body: 'Mine.' })).statusCode).toBe(201);
    expect(bodies(await commenting.member.browser.get(commenting.url))).toContain('Mine.');
    const voting = await keptPost();
    const vote = await voting.member.browser.post('/api/_commentVote', { commentId: voting.replyId, up: true });
    expect(vote.statusCode).toBe(200);
    // The marker lasts at least as long as a kept page (60 s here), with or without replicas.
    expect(vote.cookies.find((cookie) => cookie.name === RECENT_WRITE_COOKIE)).toMatchObject({ maxAge: 60, httpOnly: true });
    const voted = (await voting.member.browser.get(voting.url)).json<Page>().comments.find((c) => c.id === voting.replyId);
    expect(voted).toMatchObject({ upvotes: 2, userVotedUp: true });

    // What others change reaches members when it reaches visitors: once the kept page is made again.
    const edited = await keptPost();
    const edit = await edited.author.browser.request('PUT', `/api/posts/${edited.publicId}/comments/${edited.firstId}`, { body: { body: 'Edited.' } });
    expect(edit.statusCode).toBe(200);
    expect(bodies(await edited.member.browser.get(edited.url))).toEqual(bodies(await new Browser(t.app).get(edited.url)));

    // A moderator who has just locked the post sees it locked.
    const moderated = await keptPost();
    await t.sql`insert into community_mods (community_id, user_id, position) values (${moderated.community.id}, ${moderated.member.user.id}, 0)`;
    expect((await moderated.member.browser.request('PUT', `/api/posts/${moderated.publicId}?action=lock&lockAs=mods`)).statusCode).toBe(200);
    writesLongAgo(moderated.member);
    expect((await moderated.member.browser.get(moderated.url)).json<{ locked: boolean }>().locked).toBe(true);

    const admin = await keptPost();
    await setAdmin(t.sql, await userId(t.sql, admin.member.username));
    expect((await admin.replier.browser.post(`/api/posts/${admin.publicId}/comments`, { body: 'Later.' })).statusCode).toBe(201);
    expect(bodies(await admin.member.browser.get(admin.url))).toContain('Later.');

    // Visitors still get the kept answers.
    for (const kept of [authored, commenting, voting, edited, moderated, admin]) expect((await new Browser(t.app).get(kept.url)).body).toBe(kept.kept.body);
  });
});

describe("the app's start data", () => {
  type Initial = { communities: Array<{ name: string; userJoined: boolean }>; noUsers: number; contactEmail: string; user: { username: string } | null };

  it('keeps what is the same for everyone, while the member\'s own parts are read afresh', async () => {
    const before = (await new Browser(t.app).get('/api/_initial')).json<Initial>();
    expect(before.user).toBeNull();
    const member = await signUp(t.app);
    const community = await insertCommunity(t.sql);
    expect((await member.browser.post('/api/_joinCommunity', { communityId: community.id })).statusCode).toBe(200);
    await t.sql`update site_settings set contact_email = 'kept@quorum.example' where id = 1`;

    // Visitors get the kept sidebar, count of users and settings.
    const visitor = (await new Browser(t.app).get('/api/_initial')).json<Initial>();
    expect(visitor).toMatchObject({ noUsers: before.noUsers, contactEmail: before.contactEmail });
    expect(visitor.communities.map((c) => c.name)).toEqual(before.communities.map((c) => c.name));
    // The member gets the kept settings with their own account and sidebar as they are now.
    const own = await member.browser.get('/api/_initial');
    expect(own.json<Initial>()).toMatchObject({ user: { username: member.username }, noUsers: before.noUsers, contactEmail: before.contactEmail });
    expect(own.json<Initial>().communities).toEqual([expect.objectContaining({ name: community.name, userJoined: true })]);
    // Nothing personal is offered to shared caches.
    expect(own.headers['cache-control'] ?? '').not.toMatch(/public/);
    expect(own.headers.etag).toBeUndefined();
  });
});

describe("a member's sidebar in the app's start data", () => {
  type Sidebar = { communities: Array<{ id: string; about: string | null; noMembers: number; userMod: boolean; isMuted: boolean }> };
  const sidebarOf = async (session: Session) => (await session.browser.get('/api/_initial')).json<Sidebar>().communities;

  it('shows each joined community as kept for everyone, with the member\'s marks and member count as they are now', async () => {
    const mod = await member(t);
    const moderated = await insertCommunity(t.sql, { modId: mod.id });
    const other = await insertCommunity(t.sql);
    const reader = await member(t, { joins: moderated.id });
    await joinCommunity(t.sql, other.id, reader.id);
    expect((await reader.browser.post('/api/mutes', { communityId: other.id })).statusCode).toBeLessThan(300);
    writesLongAgo(reader);

    const first = await sidebarOf(reader);
    expect(first).toEqual((await ownAnswer(reader, '/api/_initial') as Sidebar).communities);
    expect(first.filter((c) => c.id === other.id || c.id === moderated.id)).toHaveLength(2);
    expect(first.find((c) => c.id === other.id)).toMatchObject({ isMuted: true, userMod: false });
    expect((await sidebarOf(mod)).find((c) => c.id === moderated.id)).toMatchObject({ userMod: true, isMuted: false });

    // The mod's edit shows to them at once; the reader gets the kept community, counted as it is now.
    expect((await put(mod.browser, `/api/communities/${moderated.id}`, { about: 'Edited just now.' })).statusCode).toBe(200);
    expect((await sidebarOf(mod)).find((c) => c.id === moderated.id)?.about).toBe('Edited just now.');
    const before = first.find((c) => c.id === moderated.id)!;
    const newcomer = await member(t);
    expect((await newcomer.browser.post('/api/_joinCommunity', { communityId: moderated.id })).statusCode).toBe(200);
    const kept = (await sidebarOf(reader)).find((c) => c.id === moderated.id);
    expect(kept).toMatchObject({ about: before.about, noMembers: before.noMembers + 1 });
  });

  it('leaves out a community deleted since, and reads every community anew for a member who just wrote', async () => {
    const community = await insertCommunity(t.sql);
    const reader = await member(t, { joins: community.id });
    writesLongAgo(reader);
    expect((await sidebarOf(reader)).map((c) => c.id)).toContain(community.id);
    await t.sql`update communities set deleted_at = now() where id = ${community.id}`;
    expect((await sidebarOf(reader)).map((c) => c.id)).not.toContain(community.id);

    const joined = await insertCommunity(t.sql);
    const earlier = await member(t, { joins: joined.id });
    writesLongAgo(earlier);
    expect((await sidebarOf(earlier)).find((c) => c.id === joined.id)).toMatchObject({ about: null });
    await t.sql`update communities set about = 'Changed in the database.' where id = ${joined.id}`;
    expect((await reader.browser.post('/api/_joinCommunity', { communityId: joined.id })).statusCode).toBe(200);
    expect((await sidebarOf(reader)).find((c) => c.id === joined.id)).toMatchObject({ about: 'Changed in the database.' });
    // Others still get it as kept for everyone.
    expect((await sidebarOf(earlier)).find((c) => c.id === joined.id)).toMatchObject({ about: null });
  });
});

describe('feed pages of visitors with keeping off', () => {
  it('show a new post at once and tell browsers to check again', async () => {
    const fresh = await buildTestApp();
    try {
      const community = await insertCommunity(fresh.sql);
      const author = await member(fresh, { joins: community.id });
      const url = `/api/posts?communityId=${community.id}&sort=latest`;
      expect(titles(await new Browser(fresh.app).get(url))).toEqual([]);
      expect((await author.browser.post('/api/posts', { title: 'Right away', community: community.name })).statusCode).toBe(201);
      const after = await (await new Browser(fresh.app).open()).get(url);
      expect(titles(after)).toEqual(['Right away']);
      expect(after.headers['cache-control']).toBe('no-cache');
    } finally {
      await fresh.close();
    }
  });
});
