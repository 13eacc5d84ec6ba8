import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Post, UserFeedPage } from '@quorum/shared/entities/posts';
import type { User } from '@quorum/shared/entities/users';
import { Browser, buildTestApp, signUp, type TestApp } from './helpers/app.ts';
import { insertCommunity, makeComment, makePost, member } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const feed = async (browser: Browser, username: string, query = ''): Promise<UserFeedPage> => {
  const response = await browser.get(`/api/users/${username}/feed${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

function multipartImage(data: Buffer, contentType = 'image/png') {
  const boundary = `----quorum${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { rawBody: payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = () => sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();

describe('GET /api/users/{username}', () => {
  it('shows the public profile to everyone and private fields only to the user and admins', async () => {
    const owner = await signUp(t.app);
    await owner.browser.post('/api/_settings?action=updateProfile', { email: 'me@example.com', aboutMe: 'Hello.' });

    const seen = (await new Browser(t.app).get(`/api/users/${owner.username.toUpperCase()}`)).json<User>();
    expect(seen).toMatchObject({ username: owner.username, aboutMe: 'Hello.', points: 1, noPosts: 0, noComments: 0, badges: [], moddingList: [] });
    expect(seen).not.toHaveProperty('email');
    expect(seen).not.toHaveProperty('homeFeed');
    expect(seen).not.toHaveProperty('createdIP');

    const own = (await owner.browser.get(`/api/users/${owner.username}`)).json<User>();
    expect(own).toMatchObject({ email: 'me@example.com', homeFeed: 'all', requireAltText: false });

    const boss = await member(t, { admin: true });
    expect((await boss.browser.get(`/api/users/${owner.username}`)).json()).toMatchObject({ email: 'me@example.com' });
    const full = (await boss.browser.get(`/api/users/${owner.username}?adminsView=true`)).json<User>();
    expect(full).toHaveProperty('createdIP');
    expect(full).toHaveProperty('lastSeenIP');
    expect(full).toHaveProperty('lastSeen');
  });

  it('keeps the full details for admins', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await other.browser.get(`/api/users/${owner.username}?adminsView=true`)).statusCode).toBe(403);
    expect((await new Browser(t.app).get(`/api/users/${owner.username}?adminsView=maybe`)).statusCode).toBe(400);
  });

  it('lists the communities the user moderates', async () => {
    const mod = await signUp(t.app);
    const community = await insertCommunity(t.sql, { modId: mod.user.id });
    const seen = (await new Browser(t.app).get(`/api/users/${mod.username}`)).json<User>();
    expect(seen.moddingList).toEqual([{ id: community.id, name: community.name, proPic: null }]);
  });

  it('answers 404 for a name nobody holds', async () => {
    const response = await new Browser(t.app).get('/api/users/nobody_here_at_all');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found', message: 'User not found.' });
  });

  it('hides a suspended account from all but admins', async () => {
    const banned = await signUp(t.app);
    await t.sql`update users set banned_at = now() where id = ${banned.user.id}`;
    for (const path of [`/api/users/${banned.username}`, `/api/users/${banned.username}/feed`]) {
      const response = await new Browser(t.app).get(path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'account_suspended', message: 'Account suspended.' });
    }
    const boss = await member(t, { admin: true });
    expect((await boss.browser.get(`/api/users/${banned.username}`)).json()).toMatchObject({ isBanned: true, username: banned.username });
  });
});

describe('GET /api/users/{username}/feed', () => {
  it('interleaves posts and comments newest first, and filters each kind', async () => {
    const author = await signUp(t.app);
    const community = await insertCommunity(t.sql);
    const first = await makePost(author.browser, community.name, { title: 'First post' });
    const reply = await makeComment(author.browser, first, 'A comment in between');
    const second = await makePost(author.browser, community.name, { title: 'Second post' });

    const all = await feed(new Browser(t.app), author.username);
    expect(all.items.map((entry) => [entry.type, entry.item.id])).toEqual([
      ['post', second.id],
      ['comment', reply.id],
      ['post', first.id],
    ]);
    expect(all.next).toBeNull();
    const commentItem = all.items[1]?.item as Comment;
    expect(commentItem).toMatchObject({ body: 'A comment in between', postTitle: 'First post', username: author.username });

    expect((await feed(new Browser(t.app), author.username, '?filter=posts')).items.map((e) => e.item.id)).toEqual([second.id, first.id]);
    expect((await feed(new Browser(t.app), author.username, '?filter=comments')).items.map((e) => e.item.id)).toEqual([reply.id]);
    expect((await feed(new Browser(t.app), author.username, '?filter=')).items).toHaveLength(3);
  });

  it('leaves deleted posts and comments out', async () => {
    const author = await signUp(t.app);
    const community = await insertCommunity(t.sql);
    const kept = await makePost(author.browser, community.name, { title: 'Kept post' });
    const gone = await makePost(author.browser, community.name, { title: 'Gone post' });
    const goneComment = await makeComment(author.browser, kept, 'Gone comment');
    expect((await author.browser.request('DELETE', `/api/posts/${gone.publicId}`)).statusCode).toBe(200);
    expect((await author.browser.request('DELETE', `/api/posts/${kept.publicId}/comments/${goneComment.id}`)).statusCode).toBe(200);
    expect((await feed(author.browser, author.username)).items.map((e) => e.item.id)).toEqual([kept.id]);
  });

  it('pages through a long history with the next cursor without repeats', async () => {
    const author = await signUp(t.app);
    const community = await insertCommunity(t.sql);
    const target = await makePost(author.browser, community.name, { title: 'The post' });
    // Rows with one shared time, so that the id alone breaks the ties.
    await t.sql`
      insert into comments (post_id, community_id, user_id, body, created_at)
      select ${target.id}, ${community.id}, ${author.user.id}, 'Comment ' || n, '2026-01-01T00:00:00Z'
      from generate_series(1, 30) n`;
    const firstPage = await feed(new Browser(t.app), author.username);
    expect(firstPage.items).toHaveLength(20);
    expect(firstPage.items[0]).toMatchObject({ type: 'post', item: { id: target.id } });
    expect(firstPage.next).toEqual(expect.any(String));
    const secondPage = await feed(new Browser(t.app), author.username, `?next=${firstPage.next}`);
    expect(secondPage.items).toHaveLength(11);
    expect(secondPage.next).toBeNull();
    const ids = [...firstPage.items, ...secondPage.items].map((entry) => entry.item.id);
    expect(new Set(ids).size).toBe(31);
  });

  it('answers 400 for an unknown filter or a cursor it did not make, and 404 for an unknown user', async () => {
    const author = await signUp(t.app);
    const badFilter = await new Browser(t.app).get(`/api/users/${author.username}/feed?filter=likes`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toBe('filter must be posts or comments.');
    const badCursor = await new Browser(t.app).get(`/api/users/${author.username}/feed?next=abc`);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toMatchObject({ code: 'invalid_cursor' });
    expect(badCursor.body).not.toContain('abc');
    expect((await new Browser(t.app).get('/api/users/nobody_here_at_all/feed')).statusCode).toBe(404);
  });
});

describe('profile pictures', () => {
  it('lets the owner set and remove their picture, nobody else', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const url = `/api/users/${owner.username}/pro_pic`;

    const visitor = await new Browser(t.app).open();
    expect((await visitor.request('POST', url, multipartImage(await png()))).statusCode).toBe(401);
    const refused = await other.browser.request('POST', url, multipartImage(await png()));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can only change your own account.');
    expect((await owner.browser.request('POST', url, { ...multipartImage(await png()), csrf: false })).statusCode).toBe(403);

    const set = await owner.browser.request('POST', url, multipartImage(await png()));
    expect(set.statusCode, set.body).toBe(200);
    const withPicture = set.json<User>();
    expect(withPicture.proPic).toMatchObject({ width: 64, height: 64 });
    expect((await new Browser(t.app).get(`/api/users/${owner.username}`)).json().proPic?.id).toBe(withPicture.proPic?.id);

    const replaced = (await owner.browser.request('POST', url, multipartImage(await png()))).json<User>();
    expect(replaced.proPic?.id).not.toBe(withPicture.proPic?.id);
    const [old] = await t.sql<{ deletedAt: Date | null }[]>`select deleted_at from images where id = ${withPicture.proPic?.id ?? ''}`;
    expect(old?.deletedAt).not.toBeNull();

    expect((await other.browser.request('DELETE', url)).statusCode).toBe(403);
    const removed = await owner.browser.request('DELETE', url);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().proPic).toBeNull();
  });

  it('refuses a file that is not an image', async () => {
    const owner = await signUp(t.app);
    const response = await owner.browser.request('POST', `/api/users/${owner.username}/pro_pic`, multipartImage(Buffer.from('hello'), 'text/plain'));
    expect(response.statusCode).toBe(400);
    expect((await owner.browser.get(`/api/users/${owner.username}`)).json().proPic).toBeNull();
  });
});

describe('badges', () => {
  it('lets admins give and take away the supporter badge', async () => {
    const boss = await member(t, { admin: true });
    const fan = await signUp(t.app);
    const given = await boss.browser.post(`/api/users/${fan.username}/badges`, { type: 'supporter' });
    expect(given.statusCode).toBe(200);
    expect(given.json().badges).toEqual([{ id: expect.any(String), type: 'supporter' }]);
    // Giving it twice keeps one badge.
    expect((await boss.browser.post(`/api/users/${fan.username}/badges`, { type: 'supporter' })).json().badges).toHaveLength(1);
    expect((await new Browser(t.app).get(`/api/users/${fan.username}`)).json().badges).toHaveLength(1);

    const taken = await boss.browser.request('DELETE', `/api/users/${fan.username}/badges/supporter?byType=true`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().badges).toEqual([]);
    const again = await boss.browser.request('DELETE', `/api/users/${fan.username}/badges/supporter?byType=true`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Badge not found.');
  });

  it('takes a badge away by its id', async () => {
    const boss = await member(t, { admin: true });
    const fan = await signUp(t.app);
    const [badge] = (await boss.browser.post(`/api/users/${fan.username}/badges`, { type: 'supporter' })).json<User>().badges;
    expect((await boss.browser.request('DELETE', `/api/users/${fan.username}/badges/not-an-id`)).statusCode).toBe(404);
    const taken = await boss.browser.request('DELETE', `/api/users/${fan.username}/badges/${badge?.id}`);
    expect(taken.json().badges).toEqual([]);
  });

  it('refuses everybody but admins, and unknown badge types', async () => {
    const fan = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await other.browser.post(`/api/users/${fan.username}/badges`, { type: 'supporter' })).statusCode).toBe(403);
    expect((await fan.browser.post(`/api/users/${fan.username}/badges`, { type: 'supporter' })).statusCode).toBe(403);
    expect((await new Browser(t.app).open().then((v) => v.post(`/api/users/${fan.username}/badges`, { type: 'supporter' }))).statusCode).toBe(401);
    expect((await other.browser.request('DELETE', `/api/users/${fan.username}/badges/supporter?byType=true`)).statusCode).toBe(403);
    const boss = await member(t, { admin: true });
    const unknown = await boss.browser.post(`/api/users/${fan.username}/badges`, { type: 'gold' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown badge type.');
    expect(unknown.body).not.toContain('gold');
    expect((await boss.browser.post('/api/users/nobody_here_at_all/badges', { type: 'supporter' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/users/{username}', () => {
  it('needs the right password of the account itself', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const wrong = await owner.browser.request('DELETE', `/api/users/${owner.username}`, { body: { password: 'not my password' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ status: 403, code: 'invalid_password', message: 'Invalid password' });
    const missing = await owner.browser.request('DELETE', `/api/users/${owner.username}`, { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Invalid password');
    const someoneElse = await other.browser.request('DELETE', `/api/users/${owner.username}`, { body: { password: other.password } });
    expect(someoneElse.statusCode).toBe(403);
    const visitor = await new Browser(t.app).open();
    expect((await visitor.request('DELETE', `/api/users/${owner.username}`, { body: { password: owner.password } })).statusCode).toBe(401);
    expect((await owner.browser.get('/api/_user')).statusCode).toBe(200);
  });

  it('anonymises the account, logs it out everywhere and keeps its content under a ghost', async () => {
    const owner = await signUp(t.app);
    const secondDevice = await new Browser(t.app).open();
    expect((await secondDevice.post('/api/_login', { username: owner.username, password: owner.password })).statusCode).toBe(200);
    await owner.browser.post('/api/_settings?action=updateProfile', { email: 'gone@example.com', aboutMe: 'About me.' });
    await owner.browser.request('POST', `/api/users/${owner.username}/pro_pic`, multipartImage(await png()));
    const [session] = await t.sql<{ id: string }[]>`select id from sessions where user_id = ${owner.user.id} limit 1`;
    await t.sql`
      insert into push_subscriptions (session_id, user_id, endpoint, p256dh, auth)
      values (${session?.id ?? ''}, ${owner.user.id}, 'https://push.example.com/1', 'key', 'auth')`;
    const boss = await member(t, { admin: true });
    await boss.browser.post(`/api/users/${owner.username}/badges`, { type: 'supporter' });

    const community = await insertCommunity(t.sql);
    await owner.browser.post('/api/_joinCommunity', { communityId: community.id, leave: false });
    const written = await makePost(owner.browser, community.name, { title: 'Still here' });
    const said = await makeComment(owner.browser, written, 'Me too');
    const reader = await signUp(t.app);
    const answer = await makeComment(reader.browser, written, 'A reply from someone else');

    const deleted = await owner.browser.request('DELETE', `/api/users/${owner.username}`, { body: { password: owner.password } });
    expect(deleted.statusCode).toBe(200);

    expect((await owner.browser.get('/api/_user')).statusCode).toBe(401);
    expect((await secondDevice.get('/api/_user')).statusCode).toBe(401);
    expect((await new Browser(t.app).open().then((b) => b.post('/api/_login', { username: owner.username, password: owner.password }))).statusCode).toBe(401);
    const [row] = await t.sql<{ email: string | null; aboutMe: string | null; proPicId: string | null; deletedAt: Date | null }[]>`
      select email, about_me, pro_pic_id, deleted_at from users where id = ${owner.user.id}`;
    expect(row).toMatchObject({ email: null, aboutMe: null, proPicId: null });
    expect(row?.deletedAt).not.toBeNull();
    // The number of users every start of the app shows leaves the deleted account out (one snapshot).
    const [users] = await t.sql<{ kept: number; counted: number }[]>`
      select (select n from user_count) as kept, (select count(*)::int from users where deleted_at is null) as counted`;
    expect(users?.kept).toBe(users?.counted);
    const [left] = await t.sql<{ sessions: number; subscriptions: number; badges: number; members: number }[]>`
      select (select count(*)::int from sessions where user_id = ${owner.user.id}) as sessions,
        (select count(*)::int from push_subscriptions where user_id = ${owner.user.id}) as subscriptions,
        (select count(*)::int from user_badges where user_id = ${owner.user.id}) as badges,
        (select no_members from communities where id = ${community.id}) as members`;
    expect(left).toEqual({ sessions: 0, subscriptions: 0, badges: 0, members: 0 });

    const profile = await new Browser(t.app).get(`/api/users/${owner.username}`);
    expect(profile.statusCode).toBe(404);
    expect(profile.json()).toEqual({ status: 404, code: 'account_deleted', message: 'Account deleted.' });
    expect((await boss.browser.get(`/api/users/${owner.username}`)).json()).toMatchObject({ deleted: true, username: owner.username });

    const seen = (await new Browser(t.app).get(`/api/posts/${written.publicId}`)).json<Post>();
    expect(seen).toMatchObject({ title: 'Still here', userDeleted: true, username: '[deleted]', userId: '', author: null });
    expect(seen.userGhostId).toMatch(/^[0-9a-f]{8}$/);
    const again = (await reader.browser.get(`/api/posts/${written.publicId}`)).json<Post>();
    expect(again.userGhostId).toBe(seen.userGhostId);
    const comments = (await new Browser(t.app).get(`/api/posts/${written.publicId}/comments`)).json<{ comments: Comment[] }>().comments;
    const mine = comments.find((c) => c.id === said.id);
    expect(mine).toMatchObject({ body: 'Me too', userDeleted: true, username: '[deleted]', author: null });
    expect(comments.find((c) => c.id === answer.id)).toMatchObject({ username: reader.username, userDeleted: false });
    // Threads leave the ghost out; a comment sent alone carries the same one as the post.
    const listed = (await boss.browser.get('/api/comments')).json<{ comments: Comment[] }>().comments;
    expect(listed.find((c) => c.id === said.id)).toMatchObject({ userDeleted: true, userGhostId: seen.userGhostId });
    expect(listed.find((c) => c.id === answer.id)).toMatchObject({ userDeleted: false, userGhostId: null });
    const forAdmin = (await boss.browser.get(`/api/posts/${written.publicId}`)).json<Post>();
    expect(forAdmin).toMatchObject({ username: owner.username, userDeleted: true });

    // The name stays taken, so that nobody can pose as the deleted account.
    const taken = await new Browser(t.app).open().then((b) => b.post('/api/_signup', { username: owner.username, password: 'another password' }));
    expect(taken.statusCode).toBe(409);
    expect((await owner.browser.request('DELETE', `/api/users/${owner.username}`, { body: { password: owner.password } })).statusCode).toBe(401);
  });
});

describe('POST /api/_settings?action=updateProfile', () => {
  it('saves every field of the settings page at once and keeps them', async () => {
    const owner = await signUp(t.app);
    const fields = {
      aboutMe: 'I grow tomatoes.',
      email: 'grower@example.com',
      upvoteNotificationsOff: true,
      replyNotificationsOff: true,
      moderationNotificationsOff: true,
      announcementNotificationsOff: true,
      homeFeed: 'subscriptions',
      rememberFeedSort: true,
      embedsOff: true,
      hideUserProfilePictures: true,
      requireAltText: true,
    };
    const saved = await owner.browser.post('/api/_settings?action=updateProfile', fields);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(fields);
    expect((await owner.browser.get('/api/_initial')).json().user).toMatchObject(fields);
  });

  it('caps about me', async () => {
    const owner = await signUp(t.app);
    const response = await owner.browser.post('/api/_settings?action=updateProfile', { aboutMe: 'a'.repeat(10_001) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('About me is too long (10000 characters at most).');
    expect((await owner.browser.post('/api/_settings?action=updateProfile', { aboutMe: 'a'.repeat(10_000) })).statusCode).toBe(200);
  });
});

describe('captcha on sign-up', () => {
  it('hands out no site key and needs no captcha when the server has no secret', async () => {
    const browser = new Browser(t.app);
    expect((await browser.get('/api/_initial')).json().captchaSiteKey).toBeNull();
    expect((await browser.post('/api/_signup', { username: 'no_captcha_user', password: 'long enough', captchaToken: null })).statusCode).toBe(201);
  });

  it('hands out the site key and refuses a sign-up without a token when the server has a secret', async () => {
    const withCaptcha = await buildTestApp({ captchaSecret: 'secret', captchaSiteKey: 'site-key-1', captchaVerifyUrl: 'http://127.0.0.1:9/verify' });
    try {
      const browser = new Browser(withCaptcha.app);
      expect((await browser.get('/api/_initial')).json().captchaSiteKey).toBe('site-key-1');
      const response = await browser.post('/api/_signup', { username: 'captcha_user', password: 'long enough', captchaToken: null });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'captcha_failed', message: 'Captcha verification failed. Please try again.' });
    } finally {
      await withCaptcha.close();
    }
  });
});
