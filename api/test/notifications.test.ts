import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Notification, NotificationsPage } from '@quorum/shared/entities/notifications';
import type { Post } from '@quorum/shared/entities/posts';
import type { FastifyInstance } from 'fastify';
import { eventKey } from '../src/analytics/queries.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Sql } from '../src/db/connect.ts';
import { notifyDeniedCommunity, notifyModAdd, notifyNewBadge } from '../src/notifications/create.ts';
import { insertNotification, JOB_PUSH, NOTIFICATIONS_KEPT } from '../src/notifications/store.ts';
import { buildTestApp, signUp, type Browser, type TestApp } from './helpers/app.ts';
import { createTestDatabase } from './helpers/database.ts';
import { eventually } from './helpers/eventually.ts';
import { makeComment, makeCommunity, makePost, makeUser, type SignedUp } from './helpers/factories.ts';
import { startPushEndpoint, subscriberKeys, type PushEndpoint } from './helpers/push-endpoint.ts';

let t: TestApp;
let pushService: PushEndpoint;
beforeAll(async () => {
  t = await buildTestApp({ jobPollMs: 500, pushAllowPrivate: true });
  pushService = await startPushEndpoint();
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

const LIST = '/api/notifications?render=true&format=html';

async function list(browser: Browser, url = LIST): Promise<NotificationsPage> {
  const response = await browser.get(url);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Background jobs run on their own time: asks again until `check` passes (or gives up after 20 s). */
const postIn = (author: SignedUp, community: string, title = 'A post about <b>tags</b> & things') =>
  makePost(author.browser, community, { title, body: 'Hello.' });

/** The id of a new comment by `by` under `post`, or under `parentCommentId` in it. */
const comment = async (by: SignedUp, post: Post, parentCommentId?: string) =>
  (await makeComment(by.browser, post, 'A comment.', parentCommentId)).id;

/** Waits until the queue holds no job that is waiting or running. */
async function jobsSettled(): Promise<void> {
  const pending = await eventually(
    () => t.sql<{ count: number }[]>`select count(*) from pgboss.job where state in ('created', 'retry', 'active')`,
    (rows) => rows[0]?.count === 0,
  );
  expect(pending[0]?.count).toBe(0);
}

/** A user whose welcome has arrived and been cleared away, so that counts start at zero. */
async function quietUser(): Promise<SignedUp> {
  const user = await makeUser(t);
  await eventually(() => t.sql`select 1 from notifications where user_id = ${user.user.id}`, (rows) => rows.length > 0);
  await t.sql`delete from notifications where user_id = ${user.user.id}`;
  await t.sql`update users set notifications_new_count = 0 where id = ${user.user.id}`;
  return user;
}

async function quietAdmin(): Promise<SignedUp> {
  const admin = await quietUser();
  await t.sql`update users set is_admin = true where id = ${admin.user.id}`;
  return admin;
}

async function setting(user: SignedUp, column: 'reply_notifications_off' | 'upvote_notifications_off', on: boolean) {
  await t.sql`update users set ${t.sql(column)} = ${on} where id = ${user.user.id}`;
}

describe('creating notifications', () => {
  it('welcomes a new user', async () => {
    const user = await signUp(t.app);
    const page = await eventually(() => list(user.browser), (p) => p.count === 1);
    expect(page.items[0]).toMatchObject({ type: 'welcome', seen: false, toURL: '/communities', icons: ['/favicon.png'] });
    expect(page.items[0]?.title).toBe('Welcome to Quorum! Find <b>communities</b> to join');
    expect(page.newCount).toBe(1);
    const me = (await user.browser.get('/api/_user')).json<{ notificationsNewCount: number }>();
    expect(me.notificationsNewCount).toBe(1);
    const initial = (await user.browser.get('/api/_initial')).json<{ user: { notificationsNewCount: number } }>();
    expect(initial.user.notificationsNewCount).toBe(1);
  });

  it('tells the post author of comments, merged, with the title escaped, and the parent author of replies', async () => {
    const author = await quietUser();
    const community = await makeCommunity(author.browser);
    const post = await postIn(author, community.name);
    const alice = await quietUser();
    const bob = await quietUser();

    const first = await comment(alice, post);
    let page = await eventually(() => list(author.browser), (p) => p.items.length === 1);
    expect(page.items[0]).toMatchObject({
      type: 'new_comment',
      title: `<b>@${alice.username}</b> commented on your post <b>A post about &lt;b&gt;tags&lt;/b&gt; &amp; things</b>`,
      toURL: `/${community.name}/post/${post.publicId}/${first}`,
    });
    expect((await list(alice.browser)).count).toBe(0);

    await comment(bob, post);
    page = await eventually(() => list(author.browser), (p) => p.items[0]?.title.startsWith('<b>2 new comments</b>') ?? false);
    expect(page.count).toBe(1);
    expect(page.newCount).toBe(1);
    expect(page.items[0]?.toURL).toMatch(new RegExp(`^/${community.name}/post/${post.publicId}\\?highlightFrom=\\d+&highlightTo=\\d+$`));

    // A reply to Alice's comment tells Alice (comment_reply) and the post author (new_comment).
    const reply = await comment(bob, post, first);
    const alicePage = await eventually(() => list(alice.browser), (p) => p.count === 1);
    expect(alicePage.items[0]).toMatchObject({
      type: 'comment_reply',
      title: `<b>@${bob.username}</b> replied to your comment on <b>A post about &lt;b&gt;tags&lt;/b&gt; &amp; things</b>`,
      toURL: `/${community.name}/post/${post.publicId}/${reply}`,
    });
    page = await eventually(() => list(author.browser), (p) => p.items[0]?.title.startsWith('<b>3 new comments</b>') ?? false);
    // Several comments are counted, naming who wrote the latest.
    expect(page.items[0]?.title).toBe(`<b>3 new comments</b> on your post <b>A post about &lt;b&gt;tags&lt;/b&gt; &amp; things</b>, the latest by <b>@${bob.username}</b>`);

    // A reply by the post author to Alice is only a comment_reply for Alice; the author is not told of it.
    await comment(author, post, first);
    await eventually(() => list(alice.browser), (p) => p.items[0]?.title.startsWith('<b>2 new replies</b>') ?? false);
    expect((await list(alice.browser)).items[0]?.title).toBe(
      `<b>2 new replies</b> to your comment on <b>A post about &lt;b&gt;tags&lt;/b&gt; &amp; things</b>, the latest by <b>@${author.username}</b>`,
    );
    expect((await list(author.browser)).items[0]?.title).toMatch(/^<b>3 new comments<\/b>/);
  });

  it('tells nobody who turned reply notifications off or muted the commenter or the community', async () => {
    const author = await quietUser();
    const community = await makeCommunity(author.browser);
    const post = await postIn(author, community.name);
    const muted = await quietUser();
    const other = await quietUser();

    expect((await author.browser.post('/api/mutes', { userId: muted.user.id })).statusCode).toBe(201);
    await comment(muted, post);
    await jobsSettled();
    await setting(author, 'reply_notifications_off', true);
    await comment(other, post);
    await jobsSettled();
    await setting(author, 'reply_notifications_off', false);
    expect((await author.browser.post('/api/mutes', { communityId: community.id })).statusCode).toBe(201);
    await comment(other, post);
    await jobsSettled();
    expect((await list(author.browser)).count).toBe(0);
    expect((await author.browser.request('DELETE', `/api/mutes/communities/${community.id}`)).statusCode).toBe(200);
    const last = await comment(other, post);
    const page = await eventually(() => list(author.browser), (p) => p.count > 0);
    expect(page.count).toBe(1);
    expect(page.items[0]?.toURL).toBe(`/${community.name}/post/${post.publicId}/${last}`);
  });

  it('tells authors of upvotes on posts and comments, unless turned off, and never of their own', async () => {
    const author = await quietUser();
    const community = await makeCommunity(author.browser);
    const post = await postIn(author, community.name, 'Vote on me');
    const commentId = await comment(author, post);
    const voters = [await quietUser(), await quietUser()];

    expect((await author.browser.post('/api/_postVote', { postId: post.id, up: true })).statusCode).toBe(200);
    for (const voter of voters) expect((await voter.browser.post('/api/_postVote', { postId: post.id, up: true })).statusCode).toBe(200);
    await jobsSettled();
    const page = await list(author.browser);
    expect(page.count).toBe(1);
    // The author's own upvote is not counted: two others upvoted.
    expect(page.items[0]).toMatchObject({
      type: 'new_votes', title: '<b>2 upvotes</b> on your post <b>Vote on me</b>', toURL: `/${community.name}/post/${post.publicId}`,
    });

    expect((await voters[0]!.browser.post('/api/_commentVote', { commentId, up: true })).statusCode).toBe(200);
    const withComment = await eventually(() => list(author.browser), (p) => p.items.length === 2);
    expect(withComment.items[0]).toMatchObject({
      type: 'new_votes', title: '<b>1 upvote</b> on your comment in <b>Vote on me</b>', toURL: `/${community.name}/post/${post.publicId}/${commentId}`,
    });

    await setting(author, 'upvote_notifications_off', true);
    const late = await quietUser();
    const other = await postIn(author, community.name, 'Another one');
    expect((await late.browser.post('/api/_postVote', { postId: other.id, up: true })).statusCode).toBe(200);
    const marker = await quietUser();
    await comment(marker, other);
    const after = await eventually(() => list(author.browser), (p) => p.items[0]?.type === 'new_comment');
    expect(after.items.filter((item) => item.type === 'new_votes')).toHaveLength(2);
  });

  it('merges a burst of upvotes into a few notify jobs, and tells the author the final count once', async () => {
    const author = await quietUser();
    const community = await makeCommunity(author.browser);
    const post = await postIn(author, community.name, 'Burst of votes');
    const voters = await Promise.all(Array.from({ length: 8 }, () => quietUser()));

    const [{ start }] = await t.sql<[{ start: Date }]>`select now() as start`;
    const answers = await Promise.all(voters.map((voter) => voter.browser.post('/api/_postVote', { postId: post.id, up: true })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(voters.map(() => 200));
    await jobsSettled();

    // A window of 2 s holds one job and defers the rest to one job at the start of the next;
    // the jobs leave no notice behind.
    const [jobs] = await t.sql<{ count: number }[]>`
      select count(*)::int from pgboss.job where name = 'notify' and singleton_key = 'votes' and created_on >= ${start}`;
    expect(jobs?.count).toBeGreaterThanOrEqual(1);
    expect(jobs?.count).toBeLessThanOrEqual(3);
    expect(await t.sql`select 1 from vote_notices where target_id = ${post.id}`).toHaveLength(0);
    // The post has 9 upvotes, but the author's own, given with the post, is not news.
    const [counted] = await t.sql<{ upvotes: number }[]>`select upvotes from posts where id = ${post.id}`;
    expect(counted?.upvotes).toBe(9);
    const page = await list(author.browser);
    expect(page.items.filter((item) => item.type === 'new_votes').map((item) => item.title)).toEqual([
      '<b>8 upvotes</b> on your post <b>Burst of votes</b>',
    ]);
  });

  it('tells every author of a burst on several posts and comments, each item once with its count', async () => {
    const [first, second, silent] = [await quietUser(), await quietUser(), await quietUser()];
    const community = await makeCommunity(first.browser);
    await setting(silent, 'upvote_notifications_off', true);
    const posts = [await postIn(first, community.name, 'First A'), await postIn(first, community.name, 'First B'), await postIn(second, community.name, 'Second A')];
    const silentPost = await postIn(silent, community.name, 'Silent');
    const commentId = await comment(second, posts[2]!);
    const voters = await Promise.all(Array.from({ length: 3 }, () => quietUser()));

    const votes = voters.flatMap((voter, i) => [
      ...posts.slice(0, i + 1).map((post) => voter.browser.post('/api/_postVote', { postId: post.id, up: true })),
      voter.browser.post('/api/_postVote', { postId: silentPost.id, up: true }),
      voter.browser.post('/api/_commentVote', { commentId, up: true }),
    ]);
    expect(new Set((await Promise.all(votes)).map((answer) => answer.statusCode))).toEqual(new Set([200]));
    await jobsSettled();

    expect(await t.sql`select 1 from vote_notices`).toHaveLength(0);
    // Only the voters count, not the authors' own upvotes given with their posts and comment.
    const firstPage = await list(first.browser);
    expect(firstPage.count).toBe(2);
    expect(firstPage.items.map((item) => item.title).sort()).toEqual([
      '<b>2 upvotes</b> on your post <b>First B</b>',
      '<b>3 upvotes</b> on your post <b>First A</b>',
    ]);
    const secondPage = await list(second.browser);
    expect(secondPage.count).toBe(2);
    expect(secondPage.items.map((item) => item.title).sort()).toEqual([
      '<b>1 upvote</b> on your post <b>Second A</b>',
      '<b>3 upvotes</b> on your comment in <b>Second A</b>',
    ]);
    expect((await list(silent.browser)).count).toBe(0);
  });

  it('tells authors whose post mods or admins delete, not when they delete it themselves', async () => {
    const mod = await quietUser();
    const community = await makeCommunity(mod.browser);
    const author = await quietUser();
    const post = await postIn(author, community.name, 'Off topic');
    const own = await postIn(author, community.name, 'Mine to delete');
    expect((await author.browser.request('DELETE', `/api/posts/${own.publicId}`)).statusCode).toBe(200);
    expect((await mod.browser.request('DELETE', `/api/posts/${post.publicId}?deleteAs=mods`)).statusCode).toBe(200);
    const page = await eventually(() => list(author.browser), (p) => p.count > 0);
    expect(page.count).toBe(1);
    expect(page.items[0]).toMatchObject({
      type: 'deleted_post', title: 'Your post <b>Off topic</b> was removed by the moderators', toURL: `/${community.name}/post/${post.publicId}`,
    });
  });

  it('tells nobody who turned moderation notifications off of removals, locks and approvals', async () => {
    const mod = await quietUser();
    const community = await makeCommunity(mod.browser);
    const author = await quietUser();
    const off = await author.browser.post('/api/_settings?action=updateProfile', { moderationNotificationsOff: true });
    expect(off.json()).toMatchObject({ moderationNotificationsOff: true });
    const removed = await postIn(author, community.name, 'Removed');
    const locked = await postIn(author, community.name, 'Locked');
    expect((await mod.browser.request('DELETE', `/api/posts/${removed.publicId}?deleteAs=mods`)).statusCode).toBe(200);
    expect((await mod.browser.request('PUT', `/api/posts/${locked.publicId}?action=lock`)).statusCode).toBe(200);
    await jobsSettled();
    expect((await list(author.browser)).count).toBe(0);
    // Turned on again, the next one is told.
    await author.browser.post('/api/_settings?action=updateProfile', { moderationNotificationsOff: false });
    expect((await mod.browser.request('PUT', `/api/posts/${locked.publicId}?action=unlock`)).statusCode).toBe(200);
    expect((await mod.browser.request('PUT', `/api/posts/${locked.publicId}?action=lock`)).statusCode).toBe(200);
    const page = await eventually(() => list(author.browser), (p) => p.count > 0);
    expect(page.items.map((item) => item.type)).toEqual(['post_locked']);
  });

  it('passes over those who turned announcements off', async () => {
    const admin = await quietAdmin();
    const community = await makeCommunity(admin.browser);
    const news = await postIn(admin, community.name, 'Big news');
    const reader = await quietUser();
    const uninterested = await quietUser();
    await uninterested.browser.post('/api/_settings?action=updateProfile', { announcementNotificationsOff: true });
    expect((await admin.browser.request('PUT', `/api/posts/${news.publicId}?action=announce`)).statusCode).toBe(200);
    await eventually(() => list(reader.browser), (p) => p.items.some((item) => item.type === 'announcement'));
    await jobsSettled();
    expect((await list(uninterested.browser)).items.filter((item) => item.type === 'announcement')).toEqual([]);
  });

  it('announces a post to every user, keeping one unseen announcement each', async () => {
    const admin = await quietAdmin();
    const community = await makeCommunity(admin.browser);
    const first = await postIn(admin, community.name, 'First news');
    const second = await postIn(admin, community.name, 'Second news');
    const reader = await quietUser();
    expect((await admin.browser.request('PUT', `/api/posts/${first.publicId}?action=announce`)).statusCode).toBe(200);
    await eventually(() => list(reader.browser), (p) => p.items.some((item) => item.type === 'announcement'));
    expect((await admin.browser.request('PUT', `/api/posts/${second.publicId}?action=announce`)).statusCode).toBe(200);
    const page = await eventually(() => list(reader.browser), (p) => p.items.some((item) => item.title === 'Announcement: <b>Second news</b>'));
    const announcements = page.items.filter((item) => item.type === 'announcement');
    expect(announcements).toHaveLength(1);
    expect(announcements[0]?.toURL).toBe(`/${community.name}/post/${second.publicId}`);
    const [users] = await t.sql<{ users: number; told: number }[]>`
      select (select count(*) from users where deleted_at is null) as users,
             (select count(*) from notifications where type = 'announcement' and payload->>'postId' = ${second.id}) as told`;
    const [off] = await t.sql<{ n: number }[]>`select count(*)::int as n from users where deleted_at is null and announcement_notifications_off`;
    expect(Number(users?.told)).toBe(Number(users?.users) - Number(off?.n));

    // Once the post is deleted, readers no longer see its title.
    expect((await admin.browser.request('DELETE', `/api/posts/${second.publicId}`)).statusCode).toBe(200);
    const after = await list(reader.browser);
    expect(after.items.find((item) => item.type === 'announcement')?.title).toBe('Announcement: <b>[deleted post]</b>');
  });

  it('creates mod_add, new_badge and denied_comm notifications', async () => {
    const user = await quietUser();
    const mod = await quietUser();
    const community = await makeCommunity(mod.browser);
    const deps = { sql: t.sql, jobs: t.app.jobs };
    await notifyModAdd(deps, { userId: user.user.id, communityName: community.name, addedBy: mod.username });
    await notifyNewBadge(deps, { userId: user.user.id, badgeType: 'supporter' });
    await notifyDeniedCommunity(deps, { userId: user.user.id, body: 'Too close to <i>another</i>.' });
    const page = await list(user.browser);
    expect(page.items.map(({ type, title, toURL }) => ({ type, title, toURL }))).toEqual([
      { type: 'denied_comm', title: 'Your community request was denied: <b>Too close to &lt;i&gt;another&lt;/i&gt;.</b>', toURL: '#' },
      { type: 'new_badge', title: 'You were given the <b>supporter</b> badge', toURL: `/@${user.username}` },
      { type: 'mod_add', title: `<b>@${mod.username}</b> made you a moderator of <b>${community.name}</b>`, toURL: `/${community.name}` },
    ]);
    const plain = await list(user.browser, '/api/notifications?render=true');
    expect(plain.items[0]?.title).toBe('Your community request was denied: Too close to <i>another</i>.');
  });

  it('tells a user once when an admin gives them a badge', async () => {
    const admin = await quietAdmin();
    const fan = await quietUser();
    for (let i = 0; i < 2; i++) {
      expect((await admin.browser.post(`/api/users/${fan.username}/badges`, { type: 'supporter' })).statusCode).toBe(200);
    }
    await jobsSettled();
    const page = await list(fan.browser);
    expect(page.items.map(({ type, title }) => ({ type, title }))).toEqual([{ type: 'new_badge', title: 'You were given the <b>supporter</b> badge' }]);
  });

  it(`keeps at most ${NOTIFICATIONS_KEPT} notifications per user, the newest`, async () => {
    const user = await quietUser();
    for (let i = 0; i < NOTIFICATIONS_KEPT + 5; i++) {
      await insertNotification(t.sql, user.user.id, 'new_badge', { userId: user.user.id, badgeType: `b${i}` });
    }
    const page = await list(user.browser);
    expect(page.count).toBe(NOTIFICATIONS_KEPT);
    expect(page.newCount).toBe(NOTIFICATIONS_KEPT);
    expect(page.items[0]?.title).toContain(`b${NOTIFICATIONS_KEPT + 4}`);
  });
});

describe('reading and changing notifications', () => {
  async function withNotifications(count: number) {
    const user = await quietUser();
    for (let i = 0; i < count; i++) {
      await insertNotification(t.sql, user.user.id, i % 2 ? 'new_votes' : 'new_badge', i % 2
        ? { targetType: 'post', targetId: '01a2037a-a20c-75f1-bc0f-557c203d3d98', noVotes: i }
        : { userId: user.user.id, badgeType: `b${i}` });
    }
    return user;
  }

  it('asks visitors to log in, and refuses unknown formats and actions', async () => {
    const visitor = await (await signUp(t.app)).browser;
    await visitor.post('/api/_login?action=logout');
    expect((await visitor.get(LIST)).statusCode).toBe(401);
    const user = await quietUser();
    const md = await user.browser.get('/api/notifications?render=true&format=md');
    expect(md.statusCode).toBe(400);
    expect(md.json()).toMatchObject({ status: 400, message: 'Unsupported format: use format=html or none.' });
    expect(md.body).not.toContain('md');
    expect((await user.browser.post('/api/notifications?action=explode')).statusCode).toBe(400);
    expect((await user.browser.get('/api/notifications?next=garbage')).statusCode).toBe(400);
  });

  it('pages newest first with an opaque cursor', async () => {
    const user = await withNotifications(13);
    const first = await list(user.browser);
    expect(first.items).toHaveLength(10);
    expect(first.count).toBe(13);
    expect(first.next).toEqual(expect.any(String));
    const second = await list(user.browser, `${LIST}&next=${first.next}`);
    expect(second.items).toHaveLength(3);
    expect(second.next).toBeNull();
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(13);
    const times = [...first.items, ...second.items].map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('resets the new count, marks all or upvotes seen, one seen or unseen, deletes one or all', async () => {
    const user = await withNotifications(4);
    expect((await list(user.browser)).newCount).toBe(4);
    expect((await user.browser.post('/api/notifications?action=markAllAsSeen&type=new_votes')).statusCode).toBe(200);
    let page = await list(user.browser);
    expect(page.items.filter((item) => item.seen).map((item) => item.type)).toEqual(['new_votes', 'new_votes']);
    expect(page.newCount).toBe(2);

    const target = page.items.find((item) => !item.seen)!;
    const seen = await user.browser.request('PUT', `/api/notifications/${target.id}?render=true&format=html&action=markAsSeen&seen=true&seenFrom=webpush`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Notification>()).toMatchObject({ id: target.id, seen: true, seenAt: expect.any(String) });
    expect((await list(user.browser)).newCount).toBe(1);
    const unseen = await user.browser.request('PUT', `/api/notifications/${target.id}?render=true&format=html&action=markAsSeen&seen=false`);
    expect(unseen.json<Notification>()).toMatchObject({ seen: false, seenAt: null });

    // Opening the list resets the count; the items stay unseen, and marking them never raises it again.
    expect((await user.browser.post('/api/notifications?action=resetNewCount')).statusCode).toBe(200);
    page = await list(user.browser);
    expect(page.newCount).toBe(0);
    expect(page.items.filter((item) => !item.seen)).toHaveLength(2);
    await user.browser.request('PUT', `/api/notifications/${page.items[0]!.id}?action=markAsSeen&seen=false`);
    expect((await list(user.browser)).newCount).toBe(0);

    expect((await user.browser.post('/api/notifications?action=markAllAsSeen')).statusCode).toBe(200);
    page = await list(user.browser);
    expect(page.items.every((item) => item.seen)).toBe(true);
    expect(page.newCount).toBe(0);

    const removed = await user.browser.request('DELETE', `/api/notifications/${target.id}?render=true&format=html`);
    expect(removed.statusCode).toBe(200);
    expect((await list(user.browser)).count).toBe(3);
    expect((await user.browser.post('/api/notifications?action=deleteAll')).statusCode).toBe(200);
    expect(await list(user.browser)).toEqual({ count: 0, newCount: 0, items: [], next: null });
  });

  it("answers 404 for another user's notification or a malformed id", async () => {
    const owner = await withNotifications(1);
    const other = await quietUser();
    const [item] = (await list(owner.browser)).items;
    for (const url of [`/api/notifications/${item!.id}?action=markAsSeen&seen=true`, '/api/notifications/nope?action=markAsSeen&seen=true']) {
      const response = await other.browser.request('PUT', url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found', message: 'Notification not found.' });
    }
    expect((await other.browser.request('DELETE', `/api/notifications/${item!.id}`)).statusCode).toBe(404);
    expect((await list(owner.browser)).items[0]?.seen).toBe(false);
  });
});

describe('web push', () => {
  async function subscribed(user: SignedUp, path: string) {
    const keys = subscriberKeys();
    const response = await user.browser.post('/api/push_subscriptions', {
      endpoint: 'https://push.example/subscription', expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth },
    });
    expect(response.statusCode).toBe(200);
    // The push service of the test listens on loopback http; the stored subscription is pointed at it.
    await t.sql`update push_subscriptions set endpoint = ${pushService.url(path)} where user_id = ${user.user.id}`;
    return keys;
  }

  it('stores one subscription per session, replaced when it changes, gone on logout', async () => {
    const user = await quietUser();
    const keys = subscriberKeys();
    const body = { endpoint: 'https://push.example/a', keys: { p256dh: keys.p256dh, auth: keys.auth } };
    expect((await user.browser.post('/api/push_subscriptions', body)).statusCode).toBe(200);
    expect((await user.browser.post('/api/push_subscriptions', { ...body, endpoint: 'https://push.example/b' })).statusCode).toBe(200);
    let rows = await t.sql<{ endpoint: string }[]>`select endpoint from push_subscriptions where user_id = ${user.user.id}`;
    expect(rows).toEqual([{ endpoint: 'https://push.example/b' }]);
    const today = new Date().toISOString().slice(0, 10);
    const events = await t.sql`select 1 from analytics_events where name = 'notifications_enabled' and unique_key = ${eventKey('notifications_enabled', today, `user:${user.user.id}`)}`;
    expect(events).toHaveLength(1);
    const bad = await user.browser.post('/api/push_subscriptions', { endpoint: 'javascript:alert(1)', keys: body.keys });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain('alert');
    await user.browser.post('/api/_login?action=logout');
    rows = await t.sql`select endpoint from push_subscriptions where user_id = ${user.user.id}`;
    expect(rows).toEqual([]);
  });

  it('pushes the rendered notification encrypted, with TTL and Topic, again when it merges; never upvotes', async () => {
    const author = await quietUser();
    const community = await makeCommunity(author.browser);
    const post = await postIn(author, community.name, 'Pushed <post>');
    const keys = await subscribed(author, '/author');
    const commenter = await quietUser();
    const commentId = await comment(commenter, post);

    const mine = () => pushService.received.filter((push) => push.path === '/author');
    await eventually(async () => mine().length, (n) => n === 1);
    const [push] = mine();
    expect(push?.headers.ttl).toBe('30');
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(push?.headers.authorization).toMatch(/^vapid t=.+, ?k=.+/);
    const [stored] = await t.sql<{ id: string }[]>`select id from notifications where user_id = ${author.user.id} and type = 'new_comment'`;
    expect(push?.headers.topic).toBe(stored!.id.replaceAll('-', ''));
    expect(JSON.parse(keys.decrypt(push!.body))).toEqual({
      id: stored!.id,
      type: 'new_comment',
      title: `@${commenter.username} commented on your post Pushed <post>`,
      toURL: `/${community.name}/post/${post.publicId}/${commentId}`,
      icon: '/favicon.png',
      count: 1,
      // One new comment: the push offers to answer it, typed into the notification or on its page with the reply box open.
      reply: {
        url: `/${community.name}/post/${post.publicId}/${commentId}?reply`, userId: author.user.id, commentId,
        postId: post.id, postPublicId: post.publicId, postTitle: 'Pushed <post>', communityId: community.id,
      },
    });

    // The merge is a new version: pushed again under the same topic.
    await comment(await quietUser(), post);
    await eventually(async () => mine().length, (n) => n === 2);
    expect(mine()[1]?.headers.topic).toBe(stored!.id.replaceAll('-', ''));
    // Two comments merged: nothing single to answer.
    expect(JSON.parse(keys.decrypt(mine()[1]!.body))).toMatchObject({
      title: expect.stringMatching(/^2 new comments on your post Pushed <post>, the latest by @/),
      reply: null,
    });

    // An upvote creates a notification but no push; the comment after it is pushed, so the queue got past it.
    expect((await commenter.browser.post('/api/_postVote', { postId: post.id, up: true })).statusCode).toBe(200);
    await eventually(() => list(author.browser), (p) => p.items.some((item) => item.type === 'new_votes'));
    const other = await postIn(author, community.name, 'Second');
    await comment(commenter, other);
    await eventually(async () => mine().length, (n) => n === 3);
    // One more comment: the author's pushes go one at a time in the order they were made, so once
    // this one has come, nothing made before it is still to come.
    const last = await postIn(author, community.name, 'Third');
    await comment(commenter, last);
    await eventually(async () => mine().length, (n) => n >= 4);
    expect(mine()).toHaveLength(4);
    const titles = mine().map((p) => JSON.parse(keys.decrypt(p.body)).type as string);
    expect(titles).not.toContain('new_votes');
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    const author = await quietUser();
    const community = await makeCommunity(author.browser);
    const post = await postIn(author, community.name);
    await subscribed(author, '/gone');
    pushService.answer = 410;
    try {
      await comment(await quietUser(), post);
      await eventually(async () => pushService.received.filter((push) => push.path === '/gone').length, (n) => n === 1);
      const rows = await eventually(
        () => t.sql`select id from push_subscriptions where user_id = ${author.user.id}`,
        (r) => r.length === 0,
      );
      expect(rows).toHaveLength(0);
    } finally {
      pushService.answer = 201;
    }
  });
});

describe('the job queue', () => {
  it('retries a failed push with backoff, and never sends one version twice', async () => {
    const author = await quietUser();
    const community = await makeCommunity(author.browser);
    const post = await postIn(author, community.name, 'Flaky service');
    const keys = subscriberKeys();
    await author.browser.post('/api/push_subscriptions', { endpoint: 'https://push.example/x', keys: { p256dh: keys.p256dh, auth: keys.auth } });
    await t.sql`update push_subscriptions set endpoint = ${pushService.url('/flaky')} where user_id = ${author.user.id}`;
    const mine = () => pushService.received.filter((push) => push.path === '/flaky');
    pushService.answer = 500;
    try {
      await comment(await quietUser(), post);
      await eventually(async () => mine().length, (n) => n >= 1);
    } finally {
      pushService.answer = 201;
    }
    await eventually(async () => mine().length, (n) => n >= 2);
    const [stored] = await eventually(
      () => t.sql<{ id: string; version: number; pushedVersion: number }[]>`
        select id, version, pushed_version from notifications where user_id = ${author.user.id}`,
      (rows) => rows[0]?.pushedVersion === rows[0]?.version,
    );
    expect(stored?.pushedVersion).toBe(1);
    expect(JSON.parse(keys.decrypt(mine().at(-1)!.body))).toMatchObject({ id: stored!.id });

    // The same version queued again is not sent again.
    const sent = mine().length;
    await t.app.jobs.send(JOB_PUSH, { notificationId: stored!.id, version: 1 });
    await jobsSettled();
    expect(mine()).toHaveLength(sent);
  });

  /**
   * Runs `before` on an app whose workers look for work only once a minute, so it closes before
   * they do; `whileDown` once it has closed; then `after` while a second app on the same database
   * runs its jobs.
   */
  async function acrossRestart<T>(phases: {
    before: (app: FastifyInstance) => Promise<T>;
    whileDown: (db: Sql, made: T) => Promise<void>;
    after: (db: Sql, made: T) => Promise<void>;
  }) {
    const database = await createTestDatabase(inject('templateDatabase'));
    const config = { ...loadConfig({}), rateLimit: false, webDist: undefined, scryptLogN: 14 };
    try {
      const first = await buildApp({ config: { ...config, jobPollMs: 60_000 }, sql: database.sql });
      await first.ready();
      const made = await phases.before(first).finally(() => first.close());
      await phases.whileDown(database.sql, made);
      const second = await buildApp({ config: { ...config, jobPollMs: 500 }, sql: database.sql });
      await second.ready();
      await phases.after(database.sql, made).finally(() => second.close());
    } finally {
      await database.close();
    }
  }

  it('tells an upvote whose notice outlived its job once the app is back', async () => {
    await acrossRestart({
      before: async (app) => {
        const author = await signUp(app);
        const community = await makeCommunity(author.browser);
        const post = await postIn(author, community.name, 'Voted before a crash');
        const voter = await signUp(app);
        expect((await voter.browser.post('/api/_postVote', { postId: post.id, up: true })).statusCode).toBe(200);
        return { author, post };
      },
      whileDown: async (db, { post }) => {
        // As if the app had stopped after the vote and before queueing its job: only the notice is left.
        await db`delete from pgboss.job where name = 'notify' and singleton_key = 'votes'`;
        expect(await db`select 1 from vote_notices where target_id = ${post.id}`).toHaveLength(1);
      },
      after: async (db, { author, post }) => {
        const rows = await eventually(
          () => db<{ payload: { noVotes: number } }[]>`
            select payload from notifications where user_id = ${author.user.id} and type = 'new_votes'`,
          (r) => r.length === 1,
        );
        expect(rows[0]?.payload.noVotes).toBe(1);
        expect(await db`select 1 from vote_notices where target_id = ${post.id}`).toHaveLength(0);
      },
    });
  });

  it('keeps a queued job across a restart and runs it when the app is back', async () => {
    await acrossRestart({
      before: async (app) => {
        const author = await signUp(app);
        const community = await makeCommunity(author.browser);
        const post = await postIn(author, community.name, 'Before the restart');
        const replier = await signUp(app);
        await replier.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Queued.' });
        return author;
      },
      whileDown: async (db, author) => {
        const [pending] = await db<{ count: number }[]>`select count(*) from notifications where user_id = ${author.user.id}`;
        expect(pending?.count).toBe(0);
      },
      after: async (db, author) => {
        const rows = await eventually(
          () => db<{ type: string }[]>`select type from notifications where user_id = ${author.user.id} order by type`,
          (r) => r.length === 2,
        );
        expect(rows.map((row) => row.type)).toEqual(['new_comment', 'welcome']);
      },
    });
  });
});
