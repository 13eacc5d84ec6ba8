import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE, SEARCH_WORDS_MAX } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import type { Community } from '@quorum/shared/entities/communities';
import type { SearchPage, SearchSuggestions } from '@quorum/shared/entities/search';
import { addSearchMonths } from '../src/search/jobs.ts';
import { RANK_CANDIDATES } from '../src/search/queries.ts';
import { buildTestApp, type Browser, type TestApp } from './helpers/app.ts';
import { del, makeComment, makeCommunity, makePost, makeUser, put, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let author: SignedUp;
let other: SignedUp;
let reader: SignedUp;
let garden: Community;
let kitchen: Community;

const post = (as: Browser, community: Community, title: string, body = '') =>
  makePost(as, community.name, { type: 'text', title, body });

async function search(as: Browser, query: Record<string, string>): Promise<SearchPage> {
  const response = await as.get(`/api/search?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const titles = (page: SearchPage) => page.items.map((item) => (item.type === 'post' ? item.post.title : null));

beforeAll(async () => {
  t = await buildTestApp();
  author = await makeUser(t);
  other = await makeUser(t);
  reader = await makeUser(t);
  garden = await makeCommunity(author.browser, { name: 'gardening_club' });
  kitchen = await makeCommunity(other.browser, { name: 'garden_kitchen' });
  await post(author.browser, garden, 'Pruning tomatoes in July', 'Cut the suckers early.');
  await post(author.browser, garden, 'Watering schedules', 'Tomatoes like deep watering twice a week.');
  await post(other.browser, kitchen, 'Roasted tomato soup', 'A recipe for the last of the harvest.');
});
afterAll(() => t.close());

describe('GET /api/search for posts', () => {
  it('ranks a title match above a body match, with the matched words marked', async () => {
    const page = await search(reader.browser, { q: 'tomatoes' });
    expect(titles(page).slice(0, 2).sort()).toEqual(['Pruning tomatoes in July', 'Roasted tomato soup']);
    expect(titles(page)[2]).toBe('Watering schedules');
    const pruning = page.items.find((item) => item.type === 'post' && item.post.title === 'Pruning tomatoes in July');
    expect(pruning?.type === 'post' && pruning.highlight.title).toBe('Pruning <mark>tomatoes</mark> in July');
    const body = page.items[2];
    expect(body?.type === 'post' && body.highlight.body).toContain('<mark>Tomatoes</mark> like deep watering');
    expect(page.query).toEqual({ text: 'tomatoes', type: 'posts', community: null, author: null, sort: 'relevance' });
  });

  it('understands quotes, OR and -word as people expect', async () => {
    expect(titles(await search(reader.browser, { q: '"deep watering"' }))).toEqual(['Watering schedules']);
    expect(titles(await search(reader.browser, { q: 'tomatoes -soup' }))).not.toContain('Roasted tomato soup');
    expect(titles(await search(reader.browser, { q: 'suckers OR recipe' })).sort()).toEqual(['Pruning tomatoes in July', 'Roasted tomato soup']);
  });

  it('narrows by in:community, author:name and the parameters, which win over the box', async () => {
    expect(titles(await search(reader.browser, { q: 'tomatoes in:garden_kitchen' }))).toEqual(['Roasted tomato soup']);
    const byAuthor = await search(reader.browser, { q: `tomatoes author:@${author.username}` });
    expect(titles(byAuthor).sort()).toEqual(['Pruning tomatoes in July', 'Watering schedules']);
    expect(byAuthor.query.author).toBe(author.username);
    expect(titles(await search(reader.browser, { q: 'tomatoes in:garden_kitchen', community: 'gardening_club', sort: 'new' }))).toEqual([
      'Watering schedules', 'Pruning tomatoes in July',
    ]);
    // Modifiers alone list what they name, newest first.
    expect(titles(await search(reader.browser, { q: 'in:gardening_club' }))).toEqual(['Watering schedules', 'Pruning tomatoes in July']);
    expect((await search(reader.browser, { q: 'tomatoes in:nowhere_at_all' })).items).toEqual([]);
  });

  it('leaves out deleted posts, posts of deleted communities, and what the viewer muted or hid', async () => {
    const viewer = await makeUser(t);
    const spam = await post(other.browser, kitchen, 'Cheap tomato seeds here');
    const gone = await post(author.browser, garden, 'Tomato blight, deleted');
    expect((await del(author.browser, `/api/posts/${gone.publicId}`)).statusCode).toBe(200);
    const allTitles = async () => titles(await search(viewer.browser, { q: 'tomato' }));
    expect(await allTitles()).toContain('Cheap tomato seeds here');
    expect(await allTitles()).not.toContain('Tomato blight, deleted');

    expect((await viewer.browser.post('/api/hidden_posts', { postId: spam.id })).statusCode).toBeLessThan(300);
    expect(await allTitles()).not.toContain('Cheap tomato seeds here');
    expect((await viewer.browser.post('/api/mutes', { communityId: kitchen.id })).statusCode).toBe(201);
    expect(await allTitles()).not.toContain('Roasted tomato soup');
    expect((await viewer.browser.post('/api/mutes', { userId: author.user.id })).statusCode).toBe(201);
    expect(await allTitles()).toEqual([]);
    // Others still find them all.
    expect((await allTitlesOf(reader.browser)).length).toBeGreaterThanOrEqual(4);
  });

  it('pages with a cursor, without repeats, and refuses a cursor that is not its own', async () => {
    const pages = await makeCommunity(other.browser, { name: 'pager_plants' });
    for (let i = 0; i < 23; i++) await post(other.browser, pages, `Cactus number ${i + 1}`);
    const first = await search(reader.browser, { q: 'cactus' });
    expect(first.items).toHaveLength(20);
    expect(first.next).toEqual(expect.any(String));
    const second = await search(reader.browser, { q: 'cactus', next: first.next! });
    expect(second.items).toHaveLength(3);
    expect(second.next).toBeNull();
    const ids = [...first.items, ...second.items].map((item) => (item.type === 'post' ? item.post.id : ''));
    expect(new Set(ids).size).toBe(23);

    const wrongSort = await reader.browser.get(`/api/search?${new URLSearchParams({ q: 'cactus', sort: 'new', next: first.next! })}`);
    expect(wrongSort.statusCode).toBe(400);
    expect(wrongSort.json()).toMatchObject({ code: 'invalid_cursor' });
    expect((await reader.browser.get('/api/search?q=cactus&next=not-a-cursor')).statusCode).toBe(400);
  });

  it('finds an edited post by its new words only, and a vote leaves its words alone', async () => {
    const draft = await post(author.browser, garden, 'Mulching notes', 'Straw keeps the beds moist.');
    expect((await put(author.browser, `/api/posts/${draft.publicId}`, { title: 'Compost notes', body: 'Leaves rot into mould.' })).statusCode).toBe(200);
    expect((await other.browser.post('/api/_postVote', { postId: draft.id, up: true })).statusCode).toBe(200);
    expect(titles(await search(reader.browser, { q: 'compost mould' }))).toEqual(['Compost notes']);
    expect(titles(await search(reader.browser, { q: 'mulching' }))).toEqual([]);
    expect(titles(await search(reader.browser, { q: 'straw' }))).toEqual([]);
  });
});

async function allTitlesOf(browser: Browser) {
  return titles(await search(browser, { q: 'tomato' }));
}

describe('GET /api/search for comments, communities and users', () => {
  it('finds comments with type:comment, marked, and never deleted ones', async () => {
    const [target] = (await search(reader.browser, { q: 'pruning' })).items;
    if (target?.type !== 'post') throw new Error('no post');
    await makeComment(other.browser, target.post, 'Pinch the suckers with your fingers.');
    const removed = await makeComment(other.browser, target.post, 'Suckers are delicious, removed comment.');
    expect((await del(other.browser, `/api/posts/${target.post.publicId}/comments/${removed.id}`)).statusCode).toBe(200);
    const page = await search(await visitor(t), { q: 'suckers type:comment' });
    expect(page.query.type).toBe('comments');
    expect(page.items).toHaveLength(1);
    const [found] = page.items;
    expect(found?.type === 'comment' && found.comment.body).toBe('Pinch the suckers with your fingers.');
    expect(found?.type === 'comment' && found.highlight.body).toContain('Pinch the <mark>suckers</mark> with your fingers');
  });

  it('finds an edited comment by its new words only', async () => {
    const [target] = (await search(reader.browser, { q: 'watering' })).items;
    if (target?.type !== 'post') throw new Error('no post');
    const written = await makeComment(other.browser, target.post, 'Use a hose at dawn.');
    const edited = await put(other.browser, `/api/posts/${target.post.publicId}/comments/${written.id}`, { body: 'Use a watering can at dusk.' });
    expect(edited.statusCode).toBe(200);
    const bodies = async (q: string) =>
      (await search(reader.browser, { q, type: 'comments' })).items.map((item) => (item.type === 'comment' ? item.comment.body : null));
    expect(await bodies('dusk')).toEqual(['Use a watering can at dusk.']);
    expect(await bodies('hose')).toEqual([]);
  });

  it('finds communities and users by the start of their name, an exact match first', async () => {
    const communities = await search(reader.browser, { q: 'garden', type: 'communities' });
    expect(communities.items.map((item) => (item.type === 'community' ? item.community.name : null)).sort()).toEqual(['garden_kitchen', 'gardening_club']);
    const exact = await search(reader.browser, { q: 'garden_kitchen', type: 'communities' });
    expect(exact.items[0]?.type === 'community' && exact.items[0].community.name).toBe('garden_kitchen');
    // An underscore is a letter of the name, not a wildcard.
    expect((await search(reader.browser, { q: 'garden_', type: 'communities' })).items).toHaveLength(1);

    const users = await search(reader.browser, { q: `@${author.username}`, type: 'users' });
    expect(users.items[0]?.type === 'user' && users.items[0].user.username).toBe(author.username);
    expect(users.items[0]?.type === 'user' && users.items[0].user.email).toBeUndefined();
  });

  it('suggests communities and users as one types', async () => {
    const response = await (await visitor(t)).get('/api/search/suggest?q=gard');
    expect(response.statusCode).toBe(200);
    const suggestions: SearchSuggestions = response.json();
    expect(suggestions.communities.map((c) => c.name).sort()).toEqual(['garden_kitchen', 'gardening_club']);
    expect(suggestions.users).toEqual([]);
    expect((await (await visitor(t)).get('/api/search/suggest?q=')).json()).toEqual({ communities: [], users: [] });
  });
});

describe('bad searches', () => {
  it('refuses an empty search and one too long, without echoing it', async () => {
    const browser = await visitor(t);
    for (const q of ['', '   ', 'type:posts']) {
      const response = await browser.get(`/api/search?${new URLSearchParams({ q })}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: 'bad_request', message: 'Type something to search for.' });
    }
    const long = `${'w'.repeat(200)}x`;
    const response = await browser.get(`/api/search?q=${long}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'A search can be at most 200 characters long.' });
    expect(response.body).not.toContain(long);
    expect((await browser.get('/api/search?q=a&type=lists')).statusCode).toBe(400);
    expect((await browser.get('/api/search?q=a&sort=hot')).statusCode).toBe(400);
    expect((await browser.get('/api/search?q=a&community=%27%3B--')).statusCode).toBe(400);
  });

  it('refuses searches of excluded words only, and of too many words, before the database ranks anything', async () => {
    const browser = await visitor(t);
    const negations = Array.from({ length: 40 }, (_, i) => `-w${i}`).join(' ');
    for (const q of [negations, '-tomatoes', '-"deep watering" -soup', '-tomatoes OR -soup']) {
      for (const type of ['posts', 'comments']) {
        const response = await browser.get(`/api/search?${new URLSearchParams({ q, type })}`);
        expect(response.statusCode, q).toBe(400);
        expect(response.json(), q).toEqual({ status: 400, code: 'bad_request', message: Messages.searchOnlyExcluded });
      }
    }
    const words = (n: number) => Array.from({ length: n }, (_, i) => `tomato${i}`).join(' ');
    const tooMany = await browser.get(`/api/search?${new URLSearchParams({ q: words(SEARCH_WORDS_MAX + 1) })}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: Messages.searchTooManyWords });
    expect(Messages.searchTooManyWords).toContain(String(SEARCH_WORDS_MAX));
    expect((await browser.get(`/api/search?${new URLSearchParams({ q: words(SEARCH_WORDS_MAX) })}`)).statusCode).toBe(200);
    // A name search reads only the first word.
    expect((await browser.get(`/api/search?${new URLSearchParams({ q: negations, type: 'users' })}`)).statusCode).toBe(200);
    // Excluded words with stop words only left to look for match nothing, rather than everything.
    expect((await search(reader.browser, { q: 'the -tomatoes' })).items).toEqual([]);
    expect((await search(reader.browser, { q: 'the -tomatoes', type: 'comments' })).items).toEqual([]);
  });

  it('ranks only the newest matches of a search by relevance', async () => {
    const zoo = await makeCommunity(author.browser, { name: 'zebra_zoo' });
    const zooPost = (title: string, body: string) => post(author.browser, zoo, title, body);
    // The best match of all, but older than RANK_CANDIDATES other matches.
    const best = await zooPost('Zebra zebra zebra', 'Zebra zebra zebra zebra.');
    expect((await other.browser.post('/api/_postVote', { postId: best.id, up: true })).statusCode).toBe(200);
    await t.sql`
      insert into posts (public_id, type, user_id, community_id, title, body)
      select 'zebra' || i, 'text', ${author.user.id}, ${zoo.id}, 'A zebra number ' || i, 'Stripes.'
      from generate_series(1, ${RANK_CANDIDATES}) i`;
    await zooPost('Zebra zebra', 'Zebra.');
    const page = await search(reader.browser, { q: 'zebra', community: zoo.name });
    expect(titles(page)[0]).toBe('Zebra zebra');
    expect(titles(page)).not.toContain('Zebra zebra zebra');
    // Sorted by votes, every match counts: the oldest, upvoted, comes first.
    const top = await search(reader.browser, { q: 'zebra', community: zoo.name, sort: 'top' });
    expect(titles(top)[0]).toBe('Zebra zebra zebra');
    expect(top.items).toHaveLength(SEARCH_PAGE_SIZE);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('refuses a search that the database cannot finish in time, and still answers others', async () => {
    const hurried = await buildTestApp({ searchTimeoutMs: 1 });
    try {
      const browser = await visitor(hurried);
      const owner = await makeUser(hurried);
      const club = await makeCommunity(owner.browser, { name: 'slow_club' });
      // Enough long matches that ranking them takes longer than the 1 ms allowed.
      await hurried.sql`
        insert into posts (public_id, type, user_id, community_id, title, body)
        select 'slow' || i, 'text', ${owner.user.id}, ${club.id}, 'Slow words ' || i, repeat('slow words and more words, ', 100)
        from generate_series(1, 2000) i`;
      const response = await browser.get(`/api/search?${new URLSearchParams({ q: 'slow words', sort: 'relevance' })}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: 'bad_request', message: Messages.searchTooBroad });
      expect((await browser.get('/api/_health')).statusCode).toBe(200);
    } finally {
      await hurried.close();
    }
  });

  it('answers queries that look like injections or tsquery syntax with results, never a 5xx', async () => {
    const browser = await visitor(t);
    const tricky = [
      "'; drop table posts; --", '"unbalanced', 'a & b | !c', 'tomato:*', '\\', '%_', '<script>alert(1)</script>', '((()))',
      '-', 'OR', '"', 'in:', '@', '/', '::', 'tomatoes <-> july', "O'Reilly", '\u0001tomato\u0002',
    ];
    for (const q of tricky) {
      for (const type of ['posts', 'comments', 'communities', 'users']) {
        const response = await browser.get(`/api/search?${new URLSearchParams({ q, type })}`);
        expect(response.statusCode, `${type}: ${q}`).toBeLessThan(500);
      }
      expect((await browser.get(`/api/search/suggest?${new URLSearchParams({ q })}`)).statusCode).toBeLessThan(500);
    }
  });

  it('escapes what a post says in the highlights, keeping only the marks as HTML', async () => {
    await post(author.browser, garden, 'Tomato <b>cages</b> & "stakes"', 'Use <img src=x onerror=alert(1)> cages.');
    const page = await search(reader.browser, { q: 'cages' });
    const [found] = page.items;
    expect(found?.type === 'post' && found.highlight.title).toBe('Tomato &lt;b&gt;<mark>cages</mark>&lt;/b&gt; &amp; &quot;stakes&quot;');
    const body = found?.type === 'post' ? found.highlight.body : null;
    expect(body).toContain('onerror=alert(1)&gt; <mark>cages</mark>');
    expect(body).not.toMatch(/<(?!\/?mark>)/);
  });
});

describe('search over the months', () => {
  /** Posts of `title` in `community` made `monthsAgo[i]` months ago each, with ids of that time (ids begin with their time). */
  async function postedMonthsAgo(community: Community, title: (i: number) => string, monthsAgo: number[]) {
    const rows = monthsAgo.map((months, i) => ({ months, title: title(i), n: i }));
    return t.sql<{ id: string }[]>`
      insert into posts (id, public_id, type, user_id, community_id, title, body, created_at)
      select (lpad(to_hex((extract(epoch from at) * 1000)::bigint), 12, '0') || substr(md5(random()::text), 1, 20))::uuid,
        'm' || substr(md5(random()::text), 1, 12), 'text', ${author.user.id}, ${community.id}, r.title, 'Words.', at
      from jsonb_to_recordset(${t.sql.json(rows)}) as r(months int, title text, n int),
        lateral (select now() - make_interval(months => r.months, hours => r.n) as at) times
      returning id`;
  }

  const idsOf = (page: SearchPage) => page.items.map((item) => (item.type === 'post' ? item.post.id : null));

  it('finds matches of every month, newest first across months and pages', async () => {
    const zoo = await makeCommunity(author.browser, { name: 'month_zoo' });
    const months = Array.from({ length: 26 }, (_, i) => Math.floor(i / 2));
    const made = await postedMonthsAgo(zoo, (i) => `Quokka sighting ${i}`, months);
    const newestFirst = [...made.map((row) => row.id)].sort().reverse();

    const first = await search(reader.browser, { q: 'quokka', sort: 'new' });
    expect(idsOf(first)).toEqual(newestFirst.slice(0, SEARCH_PAGE_SIZE));
    const second = await search(reader.browser, { q: 'quokka', sort: 'new', next: first.next! });
    expect(idsOf(second)).toEqual(newestFirst.slice(SEARCH_PAGE_SIZE));
    expect(second.next).toBeNull();
    // By relevance, every month's matches count while there are fewer than the ranked number.
    const ranked = await search(reader.browser, { q: 'quokka' });
    const rankedNext = await search(reader.browser, { q: 'quokka', next: ranked.next! });
    expect([...idsOf(ranked), ...idsOf(rankedNext)].sort()).toEqual([...newestFirst].sort());
  });

  it('ranks the newest matches of many months, leaving out a better one older than them all', async () => {
    const zoo = await makeCommunity(author.browser, { name: 'month_ranks' });
    const [best] = await postedMonthsAgo(zoo, () => 'Wombat wombat wombat', [7]);
    // One match fewer than ranked, over the last four months: the best one is still ranked.
    await postedMonthsAgo(zoo, (i) => `A wombat number ${i}`, Array.from({ length: RANK_CANDIDATES - 1 }, (_, i) => i % 4));
    expect(idsOf(await search(reader.browser, { q: 'wombat', community: zoo.name }))[0]).toBe(best!.id);
    // One more, and it is older than every ranked one.
    await postedMonthsAgo(zoo, () => 'A wombat at last', [0]);
    expect(idsOf(await search(reader.browser, { q: 'wombat', community: zoo.name }))).not.toContain(best!.id);
  });

  it('moves what the catch-all table held into the months made for it, where search still finds it', async () => {
    const zoo = await makeCommunity(author.browser, { name: 'month_moves' });
    const [old] = await postedMonthsAgo(zoo, () => 'Numbat in an old month', [30]);
    const tableOf = async () =>
      (await t.sql<{ name: string }[]>`select tableoid::regclass::text as name from post_search where post_id = ${old!.id}`)[0]?.name;
    expect(await tableOf()).toBe('post_search_other');
    const monthsAgo = (n: number) => { const d = new Date(); d.setUTCMonth(d.getUTCMonth() - n); return d; };
    await addSearchMonths(t.sql, monthsAgo(31), monthsAgo(29));
    const made = new Date((await t.sql<{ at: Date }[]>`select created_at as at from posts where id = ${old!.id}`)[0]!.at);
    expect(await tableOf()).toBe(`post_search_${made.getUTCFullYear()}_${String(made.getUTCMonth() + 1).padStart(2, '0')}`);
    expect(idsOf(await search(reader.browser, { q: 'numbat' }))).toEqual([old!.id]);
    // Months ahead are made once.
    const ahead = new Date(Date.UTC(new Date().getUTCFullYear() + 3, 0, 1));
    await addSearchMonths(t.sql, ahead, ahead);
    await addSearchMonths(t.sql, ahead, ahead);
    const [tables] = await t.sql<{ n: number }[]>`
      select count(*)::int as n from pg_inherits where inhparent = 'comment_search'::regclass and inhrelid::regclass::text = ${`comment_search_${ahead.getUTCFullYear()}_01`}`;
    expect(tables?.n).toBe(1);
  });

  it('leaves out the comments of a deleted post, and a held post until it is let through', async () => {
    const club = await makeCommunity(author.browser, { name: 'month_gone' });
    const doomed = await post(author.browser, club, 'Platypus facts');
    await makeComment(other.browser, doomed, 'Platypus milk is a thing.');
    const comments = async () => (await search(reader.browser, { q: 'platypus', type: 'comments' })).items.length;
    expect(await comments()).toBe(1);
    expect((await del(author.browser, `/api/posts/${doomed.publicId}`)).statusCode).toBe(200);
    expect(await comments()).toBe(0);
    expect(idsOf(await search(reader.browser, { q: 'platypus' }))).toEqual([]);
  });
});
