// The generated data set: what the API reads of it must be what the API itself would have written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotness } from '../src/posts/hotness.ts';
import { BULK_TABLES, checkSeededData, SEED_MEMBER, SEED_PASSWORD, seedDatabase } from '../src/seed/seed.ts';
import { parseSeedArgs } from '../src/seed/command.ts';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';

const sizes = { users: 40, communities: 5, posts: 120, comments: 600, votes: 1500, seed: 7 };

let t: TestApp;
/** The indexes of the bulk tables as the migrations made them: the seed drops some and makes them again. */
let indexCount: number;
beforeAll(async () => {
  t = await buildTestApp();
  indexCount = await countIndexes();
  await seedDatabase(t.sql, sizes);
});
afterAll(() => t.close());

async function countIndexes(): Promise<number> {
  const [row] = await t.sql<{ n: number }[]>`select count(*)::int as n from pg_indexes where tablename = any(${BULK_TABLES})`;
  return row?.n ?? 0;
}

async function logIn(username: string) {
  const browser = await new Browser(t.app).open();
  const response = await browser.post('/api/_login', { username, password: SEED_PASSWORD });
  expect(response.statusCode).toBe(200);
  return browser;
}

describe('seed', () => {
  it('makes the asked numbers of users, communities, posts and comments', async () => {
    const [counts] = await t.sql<{ users: number; communities: number; posts: number; comments: number; votes: number }[]>`
      select (select count(*) from users)::int as users, (select count(*) from communities)::int as communities,
        (select count(*) from posts)::int as posts, (select count(*) from comments)::int as comments,
        (select count(*) from post_votes where counted)::int + (select count(*) from comment_votes where counted)::int as votes`;
    expect(counts).toMatchObject({ users: 40, communities: 5, posts: 120, comments: 600 });
    const [kept] = await t.sql<{ users: number; posts: number; comments: number }[]>`
      select (select n from user_count) as users, (select count(*) from post_search)::int as posts,
        (select count(*) from comment_search)::int as comments`;
    expect(kept).toMatchObject({ users: 40, posts: 120, comments: 600 });
    expect(await countIndexes()).toBe(indexCount);
    expect(indexCount).toBeGreaterThan(BULK_TABLES.length * 2);
    // Votes drawn twice for one pair count once, so a few of the asked votes fall away.
    expect(counts?.votes).toBeGreaterThan(sizes.votes * 0.5);
    expect(counts?.votes).toBeLessThanOrEqual(sizes.votes);
  });

  it('writes counters, ranks and points as the API would', async () => {
    await expect(checkSeededData(t.sql)).resolves.toBeUndefined();
    const posts = await t.sql<{ upvotes: number; createdAt: Date; hotness: number }[]>`select upvotes, created_at, hotness from posts`;
    for (const post of posts) expect(Math.abs(post.hotness - hotness(post.upvotes, post.createdAt))).toBeLessThanOrEqual(1);

    const [points] = await t.sql<{ wrong: number }[]>`
      select count(*)::int as wrong from users u
      where u.points <> 1
        + (select count(*) from post_votes v join posts p on p.id = v.post_id where p.user_id = u.id and v.up and v.counted)
        + (select count(*) from comment_votes v join comments c on c.id = v.comment_id where c.user_id = u.id and v.up and v.counted)`;
    expect(points?.wrong).toBe(0);

    const [replies] = await t.sql<{ wrong: number }[]>`
      select count(*)::int as wrong from comments c
      where c.no_replies <> (select count(*) from comments d where c.id = any(d.ancestors))
        or c.no_replies_direct <> (select count(*) from comments d where d.parent_id = c.id)`;
    expect(replies?.wrong).toBe(0);
    const [depth] = await t.sql<{ wrong: number }[]>`
      select count(*)::int as wrong from comments c where c.depth <> cardinality(c.ancestors)
        or (c.parent_id is not null and c.ancestors[cardinality(c.ancestors)] <> c.parent_id)`;
    expect(depth?.wrong).toBe(0);
    const [votedPosts] = await t.sql<{ wrong: number; votes: number }[]>`
      select count(*) filter (where v.post_id is distinct from c.post_id)::int as wrong, count(*)::int as votes
      from comment_votes v join comments c on c.id = v.comment_id`;
    expect(votedPosts).toEqual({ wrong: 0, votes: expect.any(Number) });
    expect(votedPosts!.votes).toBeGreaterThan(0);
  });

  it('gives the same data for the same seed', async () => {
    const other = await buildTestApp();
    try {
      await seedDatabase(other.sql, sizes);
      const digest = (sql: TestApp['sql']) =>
        sql<{ d: string }[]>`
          select md5(string_agg(p.title || '|' || coalesce(p.body, '') || '|' || p.upvotes || '|' || p.no_comments || '|' || u.username, ',' order by p.public_id)) as d
          from posts p join users u on u.id = p.user_id`;
      expect((await digest(other.sql))[0]?.d).toBe((await digest(t.sql))[0]?.d);
    } finally {
      await other.close();
    }
  });

  it('serves the seeded posts, threads and logins through the API', async () => {
    const feed = (await new Browser(t.app).get('/api/posts?feed=all&sort=hot&limit=5')).json();
    expect(feed.posts).toHaveLength(5);
    const [first] = feed.posts;
    const thread = (await new Browser(t.app).get(`/api/posts/${first.publicId}`)).json();
    const [count] = await t.sql<{ n: number }[]>`select count(*)::int as n from comments where post_id = ${first.id}`;
    expect(thread.noComments).toBe(count?.n);
    const word = (first.title as string).split(/\W+/).find((w) => w.length > 4);
    const found = (await new Browser(t.app).get(`/api/search?q=${word}&limit=50`)).json();
    expect(found.items.length).toBeGreaterThan(0);
    expect((await new Browser(t.app).get('/api/_initial')).json().noUsers).toBe(40);

    const member = await logIn(SEED_MEMBER);
    const home = (await member.get('/api/posts?feed=home&sort=latest&limit=10')).json();
    expect(home.posts.length).toBeGreaterThan(0);

    // A vote on a seeded post moves its counts and rank exactly as on any other post.
    const voter = await logIn('user_0000040');
    const before = (await voter.get(`/api/posts/${first.publicId}`)).json();
    const after = (await voter.post('/api/_postVote', { postId: first.id, up: true })).json();
    const change = before.userVoted ? (before.userVotedUp ? -1 : 1) : 1;
    expect(after.upvotes).toBe(before.upvotes + change);
  });

  it('refuses a database that already has users', async () => {
    await expect(seedDatabase(t.sql, sizes)).rejects.toThrow(/already has 40 users/);
  });
});

describe('seed arguments', () => {
  it('takes a preset and single sizes over it', () => {
    expect(parseSeedArgs(['--preset', 'large', '--posts', '500', '--seed', '3'])).toMatchObject({
      users: 100_000, communities: 1_000, posts: 500, comments: 3_000_000, votes: 10_000_000, seed: 3,
    });
    expect(parseSeedArgs([])).toMatchObject({ users: 1_000, posts: 10_000, seed: 1 });
  });

  it.each([
    [['--preset', 'huge'], /--preset is small or large/],
    [['--posts', '-1'], /--posts needs a whole number/],
    [['--posts'], /--posts needs a whole number/],
    [['--colour', 'red'], /Unknown option --colour/],
    [['--users', '1'], /at least 2 users/],
  ])('refuses %j', (args, message) => {
    expect(() => parseSeedArgs(args)).toThrow(message);
  });
});
