import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@quorum/shared/types';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';
import { makeAdmin, makeCommunity, makeUser, visitor, type SignedUp } from './community-factories.ts';

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
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function postBy(user: SignedUp, title = 'A post to keep or not'): Promise<Post> {
  const response = await user.browser.post('/api/posts', { community: communityName, title, body: 'Words of the post.' });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function commentBy(user: SignedUp, post: Post): Promise<string> {
  const response = await user.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Words of the comment.' });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

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
