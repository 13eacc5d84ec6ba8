import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpBlock, IpBlocksPage } from '@quorum/shared/entities/ip-blocks';
import type { Post } from '@quorum/shared/entities/posts';
import { Browser, buildTestApp, uniqueName, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { makeAdmin, makeComment, makeCommunity, makePost, makeUser, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let admin: SignedUp;
let communityName: string;
beforeAll(async () => {
  t = await buildTestApp({ jobPollMs: 500 });
  admin = await makeAdmin(t);
  communityName = (await makeCommunity((await makeUser(t)).browser)).name;
});
afterAll(() => t.close());

/** Background jobs run on their own time: asks again until `check` passes (or gives up after 20 s). */
const postBy = (user: SignedUp, title = 'A post to keep or not') =>
  makePost(user.browser, communityName, { title, body: 'Words of the post.' });

/** The id of a new comment by `user` under `post`. */
const commentBy = async (user: SignedUp, post: Post) => (await makeComment(user.browser, post, 'Words of the comment.')).id;

/** Moves a post or comment `days` into the past. */
async function age(table: 'posts' | 'comments', id: string, days: number): Promise<void> {
  if (table === 'posts') await t.sql`update posts set created_at = now() - make_interval(days => ${days}) where id = ${id}`;
  else await t.sql`update comments set created_at = now() - make_interval(days => ${days}) where id = ${id}`;
}

const ban = (body: object) => admin.browser.post('/api/_admin', { action: 'ban_user', ...body });

async function postState(id: string) {
  const [row] = await t.sql<{ deletedAs: string | null; deletedContentAs: string | null; body: string | null }[]>`
    select deleted_as, deleted_content_as, body from posts where id = ${id}`;
  return row;
}

async function commentState(id: string) {
  const [row] = await t.sql<{ deletedAs: string | null; body: string }[]>`select deleted_as, body from comments where id = ${id}`;
  return row;
}

async function counts(userId: string) {
  const [row] = await t.sql<{ noPosts: number; noComments: number }[]>`select no_posts, no_comments from users where id = ${userId}`;
  return row;
}

describe('ban_user', () => {
  it('logs the user out everywhere; they cannot log in again (403 account_suspended) until unbanned', async () => {
    const target = await makeUser(t);
    const otherDevice = await new Browser(t.app).open();
    expect((await otherDevice.post('/api/_login', { username: target.username, password: target.password })).statusCode).toBe(200);
    await target.browser.post('/api/push_subscriptions', {
      endpoint: 'https://push.example/device',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
    });
    const post = await postBy(target);

    const response = await ban({ username: target.username.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });

    expect((await target.browser.get('/api/_user')).statusCode).toBe(401);
    expect((await otherDevice.get('/api/_user')).statusCode).toBe(401);
    expect(await t.sql`select 1 from sessions where user_id = ${target.user.id}`).toEqual([]);
    expect(await t.sql`select 1 from push_subscriptions where user_id = ${target.user.id}`).toEqual([]);

    const again = await new Browser(t.app).open();
    const login = await again.post('/api/_login', { username: target.username, password: target.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ status: 403, code: 'account_suspended', message: `@${target.username} is suspended.` });

    // Without deleteContentDays, what they wrote stays.
    expect(await postState(post.id)).toEqual({ deletedAs: null, deletedContentAs: null, body: 'Words of the post.' });
    const profile = (await admin.browser.get(`/api/users/${target.username}?adminsView=true`)).json();
    expect(profile).toMatchObject({ isBanned: true });
    expect(profile.bannedAt).not.toBeNull();

    const unban = await admin.browser.post('/api/_admin', { action: 'unban_user', username: target.username });
    expect(unban.statusCode).toBe(200);
    expect(unban.json()).toEqual({ success: true });
    expect((await again.post('/api/_login', { username: target.username, password: target.password })).statusCode).toBe(200);
    expect((await again.get('/api/_user')).json()).toMatchObject({ username: target.username, isBanned: false, bannedAt: null });
  });

  it('with deleteContentDays 0 deletes all their posts and comments as admins through the job queue', async () => {
    const target = await makeUser(t);
    const bystander = await makeUser(t);
    const old = await postBy(target, 'An old post');
    await age('posts', old.id, 400);
    const recent = await postBy(target, 'A recent post');
    const theirComment = await commentBy(target, recent);
    const oldComment = await commentBy(target, old);
    await age('comments', oldComment, 400);
    const othersPost = await postBy(bystander, 'Somebody else');
    const othersComment = await commentBy(bystander, recent);
    const replyToOthers = await commentBy(target, othersPost);

    expect((await ban({ username: target.username, deleteContentDays: 0 })).statusCode).toBe(200);
    // The queue runs the deletion: wait until it has.
    await eventually(() => counts(target.user.id), (row) => row?.noPosts === 0 && row.noComments === 0);

    for (const id of [old.id, recent.id]) {
      expect(await postState(id)).toEqual({ deletedAs: 'admins', deletedContentAs: 'admins', body: null });
    }
    for (const id of [theirComment, oldComment, replyToOthers]) {
      expect(await commentState(id)).toEqual({ deletedAs: 'admins', body: '' });
    }
    expect(await counts(target.user.id)).toEqual({ noPosts: 0, noComments: 0 });
    expect(await postState(othersPost.id)).toEqual({ deletedAs: null, deletedContentAs: null, body: 'Words of the post.' });
    expect(await commentState(othersComment)).toEqual({ deletedAs: null, body: 'Words of the comment.' });
    const [counted] = await t.sql<{ noComments: number }[]>`select no_comments from posts where id = ${othersPost.id}`;
    expect(counted?.noComments).toBe(0);

    // Readers see the post as deleted by admins, its words gone.
    const seen = (await (await visitor(t)).get(`/api/posts/${recent.publicId}`)).json();
    expect(seen).toMatchObject({ deleted: true, deletedAs: 'admins', deletedContent: true, body: null });
    expect(seen.comments.find((c: { id: string }) => c.id === othersComment)).toMatchObject({ body: 'Words of the comment.' });
  });

  it('with deleteContentDays N deletes only what they wrote in the last N days', async () => {
    const target = await makeUser(t);
    const old = await postBy(target, 'Ten days old');
    await age('posts', old.id, 10);
    const oldComment = await commentBy(target, old);
    await age('comments', oldComment, 10);
    const recent = await postBy(target, 'Two days old');
    await age('posts', recent.id, 2);
    const recentComment = await commentBy(target, old);

    expect((await ban({ username: target.username, deleteContentDays: 7 })).statusCode).toBe(200);
    await eventually(() => counts(target.user.id), (row) => row?.noPosts === 1 && row.noComments === 1);

    expect(await postState(recent.id)).toMatchObject({ deletedAs: 'admins', deletedContentAs: 'admins' });
    expect(await commentState(recentComment)).toEqual({ deletedAs: 'admins', body: '' });
    expect(await postState(old.id)).toEqual({ deletedAs: null, deletedContentAs: null, body: 'Words of the post.' });
    expect(await commentState(oldComment)).toEqual({ deletedAs: null, body: 'Words of the comment.' });
  });

  it('refuses to ban an admin, and answers 404 for unknown or deleted users', async () => {
    const other = await makeAdmin(t);
    const refused = await ban({ username: other.username, deleteContentDays: 0 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 403, code: 'forbidden', message: 'Admins cannot be banned. Remove their admin rights first.' });
    expect((await other.browser.get('/api/_user')).statusCode).toBe(200);
    expect(await t.sql`select 1 from users where id = ${other.user.id} and banned_at is not null`).toEqual([]);

    const unknown = await ban({ username: 'nobody_here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found.');
    const gone = await makeUser(t);
    await t.sql`update users set deleted_at = now() where id = ${gone.user.id}`;
    expect((await ban({ username: gone.username })).statusCode).toBe(404);
    expect((await admin.browser.post('/api/_admin', { action: 'unban_user', username: 'nobody_here' })).statusCode).toBe(404);
  });

  it('refuses a deleteContentDays that is not a whole number of days', async () => {
    const target = await makeUser(t);
    for (const deleteContentDays of [-1, 2.5, '7']) {
      const response = await ban({ username: target.username, deleteContentDays });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('deleteContentDays has to be a whole number of days, 0 for all.');
    }
    expect((await target.browser.get('/api/_user')).statusCode).toBe(200);
  });
});

describe('ban_user with blockLastAddress', () => {
  const password = 'correct horse battery';

  /** Signs up from `ip`, answering the browser (which keeps that address) and the answer's status. */
  async function signUpFrom(ip: string, username = uniqueName()) {
    const browser = await new Browser(t.app, ip).open();
    const response = await browser.post('/api/_signup', { username, password, email: '' });
    return { browser, username, response };
  }

  async function blocksNoted(username: string): Promise<IpBlock[]> {
    const page: IpBlocksPage = (await admin.browser.get('/api/ipblocks')).json();
    return page.blocks.filter((block) => block.note?.includes(`@${username}`));
  }

  it('blocks the address the user last logged in from: a sign-up from there is refused with the IP-block message', async () => {
    const target = await signUpFrom('10.70.0.1');
    expect(target.response.statusCode).toBe(201);
    // Logging in from elsewhere makes that address the last one at once.
    const laptop = await new Browser(t.app, '10.70.0.2').open();
    expect((await laptop.post('/api/_login', { username: target.username, password })).statusCode).toBe(200);

    expect((await ban({ username: target.username, blockLastAddress: true })).statusCode).toBe(200);
    expect((await laptop.get('/api/_user')).statusCode).toBe(401);

    const again = await signUpFrom('10.70.0.2');
    expect(again.response.statusCode).toBe(403);
    expect(again.response.json()).toEqual({
      status: 403,
      code: 'ip_blocked',
      message: 'Your network address is blocked from making changes on this site.',
    });
    expect((await signUpFrom('10.70.0.1')).response.statusCode).toBe(201);
    expect(await blocksNoted(target.username)).toEqual([
      expect.objectContaining({ ip: '10.70.0.2', maskedBits: 32, createdBy: admin.username, expiresAt: null, inEffect: true }),
    ]);
  });

  it('without the flag, blocks nothing: a sign-up from the same address goes through', async () => {
    const target = await signUpFrom('10.71.0.1');
    expect((await ban({ username: target.username })).statusCode).toBe(200);
    expect((await ban({ username: target.username, blockLastAddress: false })).statusCode).toBe(200);
    expect((await signUpFrom('10.71.0.1')).response.statusCode).toBe(201);
    expect(await blocksNoted(target.username)).toEqual([]);
  });

  it('blocks the /64 of an IPv6 address, and an IPv4-mapped address as IPv4', async () => {
    const v6 = await signUpFrom('2001:db8:70:1::1');
    expect((await ban({ username: v6.username, blockLastAddress: true })).statusCode).toBe(200);
    expect((await blocksNoted(v6.username)).map((block) => block.ip)).toEqual(['2001:db8:70:1::/64']);
    expect((await signUpFrom('2001:db8:70:1:aaaa::2')).response.statusCode).toBe(403);
    expect((await signUpFrom('2001:db8:70:2::1')).response.statusCode).toBe(201);

    const mapped = await signUpFrom('::ffff:10.72.0.1');
    expect((await ban({ username: mapped.username, blockLastAddress: true })).statusCode).toBe(200);
    expect((await blocksNoted(mapped.username)).map((block) => block.ip)).toEqual(['10.72.0.1']);
    expect((await signUpFrom('10.72.0.1')).response.statusCode).toBe(403);
  });

  it('is for admins only: another user gets 403, a visitor 401, and nobody is banned or blocked', async () => {
    const target = await signUpFrom('10.73.0.1');
    const other = await makeUser(t);
    const body = { action: 'ban_user', username: target.username, blockLastAddress: true };
    const asUser = await other.browser.post('/api/_admin', body);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().code).toBe('forbidden');
    expect((await (await visitor(t)).post('/api/_admin', body)).statusCode).toBe(401);
    expect((await target.browser.get('/api/_user')).statusCode).toBe(200);
    expect(await blocksNoted(target.username)).toEqual([]);
    expect((await signUpFrom('10.73.0.1')).response.statusCode).toBe(201);
  });

  it('refuses, banning nobody, when no address is known, for an admin, or with a flag that is not a boolean', async () => {
    const target = await signUpFrom('10.74.0.1');
    const [row] = await t.sql<{ id: string }[]>`
      update users set created_ip = null, last_seen_ip = null where lower(username) = lower(${target.username}) returning id`;
    const unknown = await ban({ username: target.username, blockLastAddress: true });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toEqual({ status: 409, code: 'no_known_address', message: 'No address is known for this user, so none can be blocked.' });
    expect(await t.sql`select 1 from users where id = ${row?.id ?? ''} and banned_at is not null`).toEqual([]);

    const otherAdmin = await makeAdmin(t);
    expect((await ban({ username: otherAdmin.username, blockLastAddress: true })).statusCode).toBe(403);
    expect(await blocksNoted(otherAdmin.username)).toEqual([]);

    for (const blockLastAddress of ['yes<b>', 1, null]) {
      const response = await ban({ username: target.username, blockLastAddress });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: 'bad_request', message: 'blockLastAddress has to be true or false.' });
    }
    expect((await target.browser.get('/api/_user')).statusCode).toBe(200);
  });
});
