import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { makePost, makeThread, member } from './helpers/factories.ts';
import { hotness, weightedUpvotes } from '../src/posts/hotness.ts';
import { rankChangedPosts } from '../src/posts/queries.ts';
import { testDbKind } from './helpers/database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const newPost = () => makeThread(t, { title: 'Vote on me' });

async function authorPoints(id: string) {
  const [row] = await t.sql<{ points: number }[]>`select points from users where id = ${id}`;
  return row?.points;
}

describe('POST /api/_postVote', () => {
  it('asks visitors to log in', async () => {
    const { post } = await newPost();
    const visitor = await new Browser(t.app).open();
    expect((await visitor.post('/api/_postVote', { postId: post.id, up: true })).statusCode).toBe(401);
  });

  it('follows the vote state machine and keeps the author’s points', async () => {
    const { author, post } = await newPost();
    const voter = await member(t);
    const vote = async (up: boolean) => (await voter.browser.post('/api/_postVote', { postId: post.id, up })).json();

    // none → up
    expect(await vote(true)).toMatchObject({ upvotes: 2, downvotes: 0, userVoted: true, userVotedUp: true, vote: true });
    expect(await authorPoints(author.id)).toBe(2);
    // up → up clears
    expect(await vote(true)).toMatchObject({ upvotes: 1, downvotes: 0, userVoted: false, vote: null });
    expect(await authorPoints(author.id)).toBe(1);
    // none → down
    expect(await vote(false)).toMatchObject({ upvotes: 1, downvotes: 1, userVoted: true, userVotedUp: false, vote: false });
    expect(await authorPoints(author.id)).toBe(1);
    // down → up moves
    expect(await vote(true)).toMatchObject({ upvotes: 2, downvotes: 0, vote: true });
    expect(await authorPoints(author.id)).toBe(2);
    // up → down moves
    expect(await vote(false)).toMatchObject({ upvotes: 1, downvotes: 1, vote: false });
    expect(await authorPoints(author.id)).toBe(1);
    // down → down clears
    expect(await vote(false)).toMatchObject({ upvotes: 1, downvotes: 0, vote: null });
    expect(await authorPoints(author.id)).toBe(1);
  });

  it('lets authors take back and redo their own vote without earning points', async () => {
    const { author, post } = await newPost();
    const own = async (up: boolean) => (await author.browser.post('/api/_postVote', { postId: post.id, up })).json();
    expect(await own(true)).toMatchObject({ upvotes: 0, vote: null });
    expect(await own(true)).toMatchObject({ upvotes: 1, vote: true });
    expect(await authorPoints(author.id)).toBe(1);
  });

  interface Ranked {
    upvotes: number;
    downvotes: number;
    points: number;
    hotness: number;
    createdAt: Date;
    marked: boolean;
  }

  const rankOf = async (postId: string) => (await t.sql<Ranked[]>`
    select upvotes, downvotes, points, hotness, created_at,
      exists (select 1 from post_rank_changes c where c.post_id = p.id) as marked
    from posts p where id = ${postId}`)[0]!;
  /** The post as the rank job leaves it: points and hot rank set from the counts, and no mark left. */
  const ranked = (postId: string) => eventually(() => rankOf(postId), (row) =>
    !row.marked && row.points === row.upvotes - row.downvotes && row.hotness === hotness(row.upvotes, row.createdAt));

  it('sets the post’s points and hot rank from its counts in a job queued by the votes', async () => {
    const { post } = await newPost();
    const [up, down] = [await member(t), await member(t)];
    await up.browser.post('/api/_postVote', { postId: post.id, up: true });
    await down.browser.post('/api/_postVote', { postId: post.id, up: false });
    expect(await ranked(post.id)).toMatchObject({ upvotes: 2, downvotes: 1, points: 1, marked: false });
    // Taking the upvote back lowers the rank again.
    await up.browser.post('/api/_postVote', { postId: post.id, up: true });
    const row = await ranked(post.id);
    expect(row).toMatchObject({ upvotes: 1, downvotes: 1, points: 0, hotness: hotness(1, row.createdAt), marked: false });
  });

  it('orders a community’s top and hot feeds by the votes once ranked', async () => {
    const { author, community, post: older } = await newPost();
    const newer = await makePost(author.browser, community.name, { title: 'The newer post' });
    const feed = async (sort: string) =>
      (await new Browser(t.app).get(`/api/posts?communityId=${community.id}&sort=${sort}`)).json<{ posts: Array<{ id: string }> }>().posts.map((p) => p.id);
    for (let n = 0; n < 4; n++) await (await member(t)).browser.post('/api/_postVote', { postId: older.id, up: true });
    await ranked(older.id);
    // Visitors' feeds are kept for a moment; a new visitor's read after that shows the new order.
    expect(await eventually(() => feed('all'), (ids) => ids[0] === older.id)).toEqual([older.id, newer.id]);
    expect(await eventually(() => feed('hot'), (ids) => ids[0] === older.id)).toEqual([older.id, newer.id]);
  });

  it.runIf(testDbKind() === 'postgres')('ranks around a post a vote holds, and that post in a later batch', async () => {
    const [{ post: held }, { post: free }] = [await newPost(), await newPost()];
    await t.sql`insert into post_rank_changes (post_id) values (${held.id}), (${free.id}) on conflict do nothing`;
    const holder = await t.sql.reserve();
    try {
      await holder`begin`;
      await holder`select 1 from posts where id = ${held.id} for update`;
      // A batch takes the free post and leaves the held one's mark, without waiting for it.
      await rankChangedPosts(t.sql);
      expect(await rankOf(free.id)).toMatchObject({ marked: false });
      expect(await rankOf(held.id)).toMatchObject({ marked: true });
      await holder`commit`;
    } finally {
      holder.release();
    }
    await rankChangedPosts(t.sql);
    expect(await rankOf(held.id)).toMatchObject({ marked: false });
  });

  it('counts exactly when 20 people vote at once', async () => {
    const { author, post } = await newPost();
    const voters = await Promise.all(Array.from({ length: 20 }, () => member(t)));
    const responses = await Promise.all(voters.map((v, i) => v.browser.post('/api/_postVote', { postId: post.id, up: i % 4 !== 0 })));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(await rankOf(post.id)).toMatchObject({ upvotes: 16, downvotes: 5 });
    expect(await ranked(post.id)).toMatchObject({ upvotes: 16, downvotes: 5, points: 11, marked: false });
    const [votes] = await t.sql<{ n: number }[]>`select count(*)::int as n from post_votes where post_id = ${post.id}`;
    expect(votes?.n).toBe(21);
    expect(await authorPoints(author.id)).toBe(16);
  });

  it('takes quick presses of one voter one after the other', async () => {
    const { author, post } = await newPost();
    const voter = await member(t);
    const responses = await Promise.all(Array.from({ length: 5 }, () => voter.browser.post('/api/_postVote', { postId: post.id, up: true })));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Up, back, up, back, up.
    expect(await ranked(post.id)).toMatchObject({ upvotes: 2, downvotes: 0, points: 2 });
    expect(await authorPoints(author.id)).toBe(2);
  });

  it('refuses votes on deleted posts and unknown ones', async () => {
    const { author, post } = await newPost();
    await author.browser.request('DELETE', `/api/posts/${post.publicId}`);
    const voter = await member(t);
    expect((await voter.browser.post('/api/_postVote', { postId: post.id, up: true })).statusCode).toBe(403);
    expect((await voter.browser.post('/api/_postVote', { postId: '01a2037a-a20c-75f1-bc0f-557c203d3d98', up: true })).statusCode).toBe(404);
  });
});

describe('hot rank', () => {
  it('weighs upvotes 1, 3, 4, 5 and 6 by bands', () => {
    expect([0, 1, 3, 4, 10, 11, 20, 21, 40, 41].map(weightedUpvotes)).toEqual([0, 1, 3, 6, 24, 28, 64, 69, 164, 170]);
  });

  it('ranks newer posts higher at equal votes and 10× the votes as 12.5 hours', () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const later = new Date(t0.getTime() + 45_000 * 1000);
    expect(hotness(1, later)).toBeGreaterThan(hotness(1, t0));
    // 40 upvotes weigh 164 ≈ 10^2.2; 3 upvotes weigh 3: the difference is about 1.74 orders of magnitude.
    expect(hotness(40, t0)).toBeGreaterThan(hotness(3, later));
    expect(hotness(0, later)).toBe(0);
  });
});

describe('POST /api/_commentVote', () => {
  it('counts exactly when 12 people vote on one comment at once, and moves the author’s points', async () => {
    const { post } = await newPost();
    const commenter = await member(t);
    const comment = (await commenter.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Vote on this comment' })).json();
    const voters = await Promise.all(Array.from({ length: 12 }, () => member(t)));
    const responses = await Promise.all(voters.map((v, i) => v.browser.post('/api/_commentVote', { commentId: comment.id, up: i % 3 !== 0 })));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.sql<{ upvotes: number; downvotes: number; points: number }[]>`
      select upvotes, downvotes, points from comments where id = ${comment.id}`;
    // The author's own upvote comes with the comment, and counts like the others.
    expect(row).toEqual({ upvotes: 9, downvotes: 4, points: 5 });
    expect(await authorPoints(commenter.id)).toBe(9);

    const undone = await Promise.all(voters.slice(0, 2).map((v) => v.browser.post('/api/_commentVote', { commentId: comment.id, up: false })));
    expect(undone.map((r) => r.json())).toMatchObject([{ userVoted: false }, { userVoted: true, userVotedUp: false }]);
    expect(await authorPoints(commenter.id)).toBe(8);
    // Each vote knows its post (a member's post page finds their votes by it), the author's own too.
    const byPost = await t.sql<{ postId: string }[]>`select post_id from comment_votes where comment_id = ${comment.id}`;
    expect(byPost).toHaveLength(12);
    expect(new Set(byPost.map((vote) => vote.postId))).toEqual(new Set([post.id]));
  });
});
