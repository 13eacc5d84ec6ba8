// Watched words, new-member limits and the approval queue: settings, screening on create and
// edit, what held items show to whom, and what approving or removing them does.
import type { CommunityAutoMod, HeldPage, SiteAutoMod, WatchedWord } from '@quorum/shared/entities/automod';
import type { Comment, CommentsPage } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { List, ListItemsPage } from '@quorum/shared/entities/lists';
import type { ModLogPage } from '@quorum/shared/entities/modlog';
import type { NotificationsPage } from '@quorum/shared/entities/notifications';
import type { Post, PostsPage, UserFeedPage } from '@quorum/shared/entities/posts';
import type { SearchPage } from '@quorum/shared/entities/search';
import { WATCHED_WORDS_MAX } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Browser, type TestApp, type TestResponse } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { makeAdmin, makeComment, makeCommunity, makePost, makeUpload, makeUser, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const NO_LIMITS = { minAgeDays: 0, minPoints: 0, comments: false };

const word = (pattern: string, action: WatchedWord['action'], extra: Partial<WatchedWord> = {}): WatchedWord => ({
  pattern, action, replacement: null, rule: `No ${pattern.replace(/\*/g, '')}`, appliesToMods: false, ...extra,
});

/** A community of `mod`'s with the given lists, and a member (`author`) who joined it. */
async function setting(words: WatchedWord[], newMembers = NO_LIMITS): Promise<{ community: Community; mod: SignedUp; author: SignedUp }> {
  const mod = await makeUser(t);
  const author = await makeUser(t);
  const community = await makeCommunity(mod.browser);
  await author.browser.post('/api/_joinCommunity', { communityId: community.id });
  const saved = await mod.browser.request('PUT', `/api/communities/${community.id}/automod`, { body: { words, newMembers } });
  expect(saved.statusCode, saved.body).toBe(200);
  return { community, mod, author };
}

const createPost = (as: Browser, community: Community, fields: Record<string, unknown>) =>
  as.post('/api/posts', { type: 'text', community: community.name, ...fields });

async function held(as: Browser, community: Community): Promise<HeldPage> {
  const response = await as.get(`/api/communities/${community.id}/held`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const act = (as: Browser, community: Community, itemId: string, body: Record<string, unknown>) =>
  as.post(`/api/communities/${community.id}/held/${itemId}`, body);

const entries = (kind: string) => t.sql<{ actorGroup: string; actorId: string | null; reason: string | null; targetId: string }[]>`
  select actor_group, actor_id, reason, target_id from mod_actions where kind = ${kind} order by id`;

const feedTitles = async (as: Browser, community: Community) =>
  (await as.get(`/api/posts?communityId=${community.id}&sort=latest`)).json<PostsPage>().posts.map((post) => post.title);

function expectError(response: TestResponse, status: number, message: string, code?: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ message: string; code: string }>()).toMatchObject({ message, ...(code && { code }) });
}

describe('the lists', () => {
  it('a community starts with none, and its mods save its words and limits in one call, logged', async () => {
    const { community, mod } = await setting([]);
    const empty = await mod.browser.get(`/api/communities/${community.id}/automod`);
    expect(empty.json<CommunityAutoMod>()).toEqual({ words: [], newMembers: NO_LIMITS });
    const words = [word('spam*', 'hold'), word('darn', 'replace', { replacement: 'd**n', appliesToMods: true })];
    const saved = await mod.browser.request('PUT', `/api/communities/${community.id}/automod`, {
      body: { words, newMembers: { minAgeDays: 3, minPoints: 10, comments: true } },
    });
    expect(saved.json<CommunityAutoMod>()).toEqual({ words, newMembers: { minAgeDays: 3, minPoints: 10, comments: true } });
    const log = (await (await visitor(t)).get(`/api/communities/${community.id}/modlog?kind=edit_automod`)).json<ModLogPage>();
    expect(log.actions).toHaveLength(2);
    expect(log.actions[0]).toMatchObject({ kind: 'edit_automod', actorGroup: 'mods', target: { type: 'automod', label: community.name } });
  });

  it('refuses bad words and limits with the messages of the rules', async () => {
    const { community, mod } = await setting([]);
    const save = (words: unknown, newMembers: unknown = NO_LIMITS) =>
      mod.browser.request('PUT', `/api/communities/${community.id}/automod`, { body: { words, newMembers } });
    expectError(await save([word('', 'block')]), 400, 'A watched word is required.');
    expectError(await save([word('* *', 'block')]), 400, Messages.invalidWatchedWord);
    expectError(await save([word('x'.repeat(101), 'block')]), 400, 'A watched word has to be at most 100 characters.');
    expectError(await save([{ ...word('bad', 'block'), rule: ' ' }]), 400, 'A rule is required.');
    expectError(await save([word('bad', 'replace')]), 400, Messages.replacementRequired);
    expectError(await save([{ ...word('bad', 'block'), action: 'delete' }]), 400, 'Unknown action.');
    expectError(await save(Array.from({ length: WATCHED_WORDS_MAX + 1 }, (_, i) => word(`w${i}`, 'block'))), 400,
      `A list holds at most ${WATCHED_WORDS_MAX} watched words.`);
    expectError(await save([], { ...NO_LIMITS, minAgeDays: 366 }), 400, 'The account age can be at most 365.');
    expectError(await save([], { ...NO_LIMITS, minPoints: -1 }), 400, 'Invalid points.');
    // Nothing of a refused list is kept, and no value sent comes back in an error.
    const bad = await save([word('<secret>', 'replace')]);
    expect(bad.body).not.toContain('<secret>');
    expect((await mod.browser.get(`/api/communities/${community.id}/automod`)).json<CommunityAutoMod>().words).toEqual([]);
  });

  it('the site list is for admins, and its changes go to the site log', async () => {
    const words = [word('sitewide', 'report')];
    const saved = await admin.browser.request('PUT', '/api/automod', { body: { words } });
    expect(saved.json<SiteAutoMod>()).toEqual({ words });
    expect((await admin.browser.get('/api/automod')).json<SiteAutoMod>()).toEqual({ words });
    const log = (await (await visitor(t)).get('/api/modlog?kind=edit_automod')).json<ModLogPage>();
    expect(log.actions[0]).toMatchObject({ actorGroup: 'admins', community: null, target: { type: 'automod', label: null } });
    await admin.browser.request('PUT', '/api/automod', { body: { words: [] } });
  });
});

describe('screening posts', () => {
  it('a block refuses the post naming the rule, not the word, and logs the refusal alone', async () => {
    const { community, author } = await setting([word('crypto*', 'block', { rule: 'No coin shilling' })]);
    const before = (await entries('block_content')).length;
    const refused = await createPost(author.browser, community, { title: 'Buy CRYPTOCOINS today', body: 'now' });
    expectError(refused, 403, Messages.blockedByRule('No coin shilling'), ErrorCode.blockedByRule);
    expect(refused.body.toLowerCase()).not.toContain('crypto');
    expect(await feedTitles(author.browser, community)).toEqual([]);
    const logged = await entries('block_content');
    expect(logged).toHaveLength(before + 1);
    expect(logged.at(-1)).toMatchObject({ actorGroup: 'automatic', actorId: null, reason: 'No coin shilling', targetId: author.user.id });
  });

  it('looks at link addresses and image alt texts too', async () => {
    const { community, author } = await setting([word('badsite', 'block')]);
    expectError(await createPost(author.browser, community, { type: 'link', title: 'Look', url: 'https://badsite.example/page' }), 403,
      Messages.blockedByRule('No badsite'));
    const image = await makeUpload(t.sql, author.user.id, 'a badsite logo');
    expectError(await createPost(author.browser, community, { type: 'image', title: 'Look', images: [{ imageId: image }] }), 403,
      Messages.blockedByRule('No badsite'));
  });

  it('a replace rule rewrites the title and body before the post is stored', async () => {
    const { community, author } = await setting([word('darn', 'replace', { replacement: 'd**n' })]);
    const created = await createPost(author.browser, community, { title: 'Darn this', body: 'so DARN hard' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Post>()).toMatchObject({ title: 'd**n this', body: 'so d**n hard', held: false });
  });

  it('a report rule publishes the post and files a report naming the rule, without a reporter', async () => {
    const { community, mod, author } = await setting([word('promo', 'report', { rule: 'Self-promotion' })]);
    const post = (await createPost(author.browser, community, { title: 'My promo code', body: 'x' })).json<Post>();
    expect(post.held).toBe(false);
    expect(await feedTitles(await visitor(t), community)).toEqual(['My promo code']);
    const reports = (await mod.browser.get(`/api/communities/${community.id}/reports`)).json<{ reports: Array<{ description: string; targetId: string }> }>();
    expect(reports.reports).toEqual([expect.objectContaining({ description: 'Self-promotion', targetId: post.id })]);
    expect((await entries('auto_report')).at(-1)).toMatchObject({ actorGroup: 'automatic', reason: 'Self-promotion', targetId: post.id });
  });

  it("mods and admins are spared unless the rule says otherwise", async () => {
    const { community, mod } = await setting([word('spam', 'hold'), word('slur', 'block', { appliesToMods: true })]);
    const spared = await createPost(mod.browser, community, { title: 'spam talk', body: 'x' });
    expect(spared.json<Post>().held).toBe(false);
    expectError(await createPost(mod.browser, community, { title: 'a slur', body: 'x' }), 403, Messages.blockedByRule('No slur'));
    expect((await createPost(admin.browser, community, { title: 'spam again', body: 'x' })).json<Post>().held).toBe(false);
  });

  it('the site list screens every community', async () => {
    await admin.browser.request('PUT', '/api/automod', { body: { words: [word('everywhere', 'block', { rule: 'Site rule' })] } });
    try {
      const { community, author } = await setting([]);
      expectError(await createPost(author.browser, community, { title: 'everywhere at once', body: 'x' }), 403, Messages.blockedByRule('Site rule'));
    } finally {
      await admin.browser.request('PUT', '/api/automod', { body: { words: [] } });
    }
  });

  it('runs on edit: blocks keep the old text, replaces rewrite, holds report', async () => {
    const { community, mod, author } = await setting([
      word('bad', 'block'), word('heck', 'replace', { replacement: 'h*ck' }), word('iffy', 'hold', { rule: 'Check iffy' }),
    ]);
    const post = (await createPost(author.browser, community, { title: 'Fine title', body: 'fine' })).json<Post>();
    const edit = (fields: Record<string, unknown>) => author.browser.request('PUT', `/api/posts/${post.publicId}`, { body: fields });
    expectError(await edit({ title: 'bad title' }), 403, Messages.blockedByRule('No bad'));
    expect((await edit({ body: 'what the heck' })).json<Post>()).toMatchObject({ title: 'Fine title', body: 'what the h*ck' });
    const iffy = (await edit({ body: 'iffy' })).json<Post>();
    expect(iffy).toMatchObject({ body: 'iffy', held: false });
    const reports = (await mod.browser.get(`/api/communities/${community.id}/reports`)).json<{ reports: Array<{ description: string }> }>();
    expect(reports.reports.map((report) => report.description)).toEqual(['Check iffy']);
  });

  it('screens comments on create and edit alike', async () => {
    const { community, mod, author } = await setting([word('bad', 'block'), word('heck', 'replace', { replacement: 'h*ck' }), word('promo', 'report')]);
    const post = await makePost(mod.browser, community.name, { title: 'Talk', body: 'x' });
    const url = `/api/posts/${post.publicId}/comments`;
    expectError(await author.browser.post(url, { body: 'a bad word' }), 403, Messages.blockedByRule('No bad'));
    const comment = (await author.browser.post(url, { body: 'oh heck' })).json<Comment>();
    expect(comment.body).toBe('oh h*ck');
    const edit = (body: string) => author.browser.request('PUT', `${url}/${comment.id}`, { body: { body } });
    expectError(await edit('bad again'), 403, Messages.blockedByRule('No bad'));
    expect((await edit('heck, a promo')).json<Comment>().body).toBe('h*ck, a promo');
    const reports = (await mod.browser.get(`/api/communities/${community.id}/reports`)).json<{ reports: Array<{ description: string; targetId: string }> }>();
    expect(reports.reports).toEqual([expect.objectContaining({ description: 'No promo', targetId: comment.id })]);
  });

  it('a refused write leaves no entry of its hold: the transaction rolls back', async () => {
    const { community, author } = await setting([word('hold', 'hold')]);
    const before = (await entries('hold_post')).length;
    const missing = await createPost(author.browser, community, { type: 'image', title: 'hold this', images: [{ imageId: '0190a0a0-0000-7000-8000-000000000000' }] });
    expectError(missing, 400, Messages.postImagesMissing);
    expect(await entries('hold_post')).toHaveLength(before);
  });
});

describe('a held post', () => {
  async function heldPost() {
    const context = await setting([word('crypto', 'hold', { rule: 'No crypto' })]);
    const created = await createPost(context.author.browser, context.community, { title: 'Crypto tips', body: 'searchable zebrafish' });
    expect(created.statusCode, created.body).toBe(201);
    return { ...context, post: created.json<Post>() };
  }

  it('is seen by its author and the mods only: not in feeds, search, profiles or the post page of others', async () => {
    const { community, mod, author, post } = await heldPost();
    expect(post.held).toBe(true);
    const outsider = await makeUser(t);
    const guest = await visitor(t);
    for (const as of [outsider.browser, guest]) {
      expectError(await as.get(`/api/posts/${post.publicId}`), 404, Messages.postNotFound);
      expect(await feedTitles(as, community)).toEqual([]);
      expect((await as.get(`/api/users/${author.username}/feed`)).json<UserFeedPage>().items).toEqual([]);
      expect((await as.get('/api/search?q=zebrafish')).json<SearchPage>().items).toEqual([]);
    }
    expect((await outsider.browser.get('/api/posts?feed=all&sort=latest')).json<PostsPage>().posts.map((p) => p.id)).not.toContain(post.id);
    expect((await author.browser.get(`/api/posts/${post.publicId}`)).json<Post>()).toMatchObject({ id: post.id, held: true });
    expect((await mod.browser.get(`/api/posts/${post.publicId}`)).json<Post>()).toMatchObject({ id: post.id, held: true });
    expect((await author.browser.get(`/api/users/${author.username}/feed`)).json<UserFeedPage>().items).toHaveLength(1);
    // Nobody can comment before it is approved; others are not told it exists.
    expectError(await outsider.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'hi' }), 404, Messages.postNotFound);
    expectError(await author.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'hi' }), 403, Messages.awaitingApproval, ErrorCode.awaitingApproval);
    // Not counted for the author until approved.
    const [counts] = await t.sql<{ noPosts: number }[]>`select no_posts from users where id = ${author.user.id}`;
    expect(counts?.noPosts).toBe(0);
  });

  it("shows in a public list to its author only", async () => {
    const { author, post } = await heldPost();
    const created = await author.browser.post(`/api/users/${author.username}/lists`, { name: 'mine', public: true });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json<List[]>().find((one) => one.name === 'mine')!;
    const added = await author.browser.post(`/api/lists/${list.id}/items`, { targetId: post.id, targetType: 'post' });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const items = async (as: Browser) => (await as.get(`/api/users/${author.username}/lists/mine/items`)).json<ListItemsPage>().items;
    expect((await items(author.browser)).map((item) => item.targetId)).toEqual([post.id]);
    expect(await items(await visitor(t))).toEqual([]);
  });

  it('waits in the queue with its reason; approving publishes it at its original time and tells the author', async () => {
    const { community, mod, author, post } = await heldPost();
    const queue = await held(mod.browser, community);
    expect(queue).toMatchObject({ count: 1, next: null, items: [{ type: 'post', post: { id: post.id }, comment: null, reason: 'No crypto' }] });
    const approved = await act(mod.browser, community, post.id, { action: 'approve' });
    expect(approved.statusCode, approved.body).toBe(204);
    const published = (await (await visitor(t)).get(`/api/posts/${post.publicId}`)).json<Post>();
    expect(published).toMatchObject({ held: false, createdAt: post.createdAt });
    expect(await feedTitles(await visitor(t), community)).toEqual(['Crypto tips']);
    const found = (await (await visitor(t)).get('/api/search?q=zebrafish')).json<SearchPage>();
    expect(found.items.map((item) => item.type === 'post' && item.post.id)).toEqual([post.id]);
    expect((await held(mod.browser, community)).count).toBe(0);
    const [counts] = await t.sql<{ noPosts: number }[]>`select no_posts from users where id = ${author.user.id}`;
    expect(counts?.noPosts).toBe(1);
    const notices = await eventually(
      () => author.browser.get('/api/notifications').then((r) => r.json<NotificationsPage>()),
      (page) => page.items.some((item) => item.type === 'approved'),
    );
    expect(notices.items.find((item) => item.type === 'approved')?.title).toContain('was approved by the moderators');
    expectError(await act(mod.browser, community, post.id, { action: 'approve' }), 404, Messages.notHeld);
    const log = (await mod.browser.get(`/api/communities/${community.id}/modlog`)).json<ModLogPage>();
    expect(log.actions.map((entry) => [entry.kind, entry.actorGroup])).toEqual([['approve_post', 'mods'], ['hold_post', 'automatic'], ['edit_automod', 'mods']]);
  });

  it('removing it from the queue deletes it with the reason, and it never shows', async () => {
    const { community, mod, post } = await heldPost();
    const removed = await act(mod.browser, community, post.id, { action: 'remove', reason: 'Spam' });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await held(mod.browser, community)).items).toEqual([]);
    expect(await feedTitles(await visitor(t), community)).toEqual([]);
    expect((await entries('remove_post')).at(-1)).toMatchObject({ reason: 'Spam', targetId: post.id });
  });

  it('the public log names no held title to visitors', async () => {
    const { community, post } = await heldPost();
    const log = (await (await visitor(t)).get(`/api/communities/${community.id}/modlog?kind=hold_post`)).json<ModLogPage>();
    expect(log.actions).toEqual([expect.objectContaining({ actor: null, actorGroup: 'automatic', reason: 'No crypto', target: expect.objectContaining({ id: post.id, label: null }) })]);
  });

  it('only the community of the item answers for it', async () => {
    const { post, mod } = await heldPost();
    const elsewhere = await makeCommunity(mod.browser);
    expectError(await act(mod.browser, elsewhere, post.id, { action: 'approve' }), 404, Messages.notHeld);
    expectError(await act(mod.browser, elsewhere, 'not-an-id', { action: 'approve' }), 404, Messages.notHeld);
    const community = { id: post.communityId } as Community;
    expectError(await act(mod.browser, community, post.id, { action: 'publish' }), 400, Messages.unknownAction);
  });
});

describe('a held comment', () => {
  async function heldComment() {
    const context = await setting([word('crypto', 'hold', { rule: 'No crypto' })]);
    const post = await makePost(context.mod.browser, context.community.name, { title: 'Ask anything', body: 'x' });
    const parent = await makeComment(context.mod.browser, post, 'First!');
    const created = await context.author.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Try crypto', parentCommentId: parent.id });
    expect(created.statusCode, created.body).toBe(201);
    return { ...context, post, parent, comment: created.json<Comment>() };
  }

  const threadIds = async (as: Browser, post: Post) =>
    (await as.get(`/api/posts/${post.publicId}/comments`)).json<CommentsPage>().comments.map((c) => c.id);

  it('is in the thread for its author only, uncounted, cannot be replied to, and tells nobody', async () => {
    const { mod, author, post, comment } = await heldComment();
    expect(comment.held).toBe(true);
    expect(await threadIds(author.browser, post)).toContain(comment.id);
    expect(await threadIds(mod.browser, post)).not.toContain(comment.id);
    expect(await threadIds(await visitor(t), post)).not.toContain(comment.id);
    expectError(await mod.browser.get(`/api/posts/${post.publicId}/comments/${comment.id}`), 404, Messages.commentNotFound);
    expect((await mod.browser.get(`/api/posts/${post.publicId}`)).json<Post>().noComments).toBe(1);
    const reply = (as: Browser) => as.post(`/api/posts/${post.publicId}/comments`, { body: 'reply', parentCommentId: comment.id });
    expectError(await reply(author.browser), 403, Messages.awaitingApproval, ErrorCode.awaitingApproval);
    expectError(await reply(mod.browser), 404, Messages.commentNotFound);
    const notices = (await mod.browser.get('/api/notifications')).json<NotificationsPage>();
    expect(notices.items.filter((item) => item.type === 'comment_reply' || item.type === 'new_comment')).toEqual([]);
  });

  it('approved, it joins the thread, is counted and tells the parent author', async () => {
    const { community, mod, post, comment } = await heldComment();
    const queue = await held(mod.browser, community);
    expect(queue.items).toEqual([expect.objectContaining({ type: 'comment', comment: expect.objectContaining({ id: comment.id }), post: expect.objectContaining({ id: post.id }) })]);
    expect((await act(mod.browser, community, comment.id, { action: 'approve' })).statusCode).toBe(204);
    expect(await threadIds(await visitor(t), post)).toContain(comment.id);
    const page = (await mod.browser.get(`/api/posts/${post.publicId}`)).json<Post>();
    expect(page.noComments).toBe(2);
    await eventually(
      () => mod.browser.get('/api/notifications').then((r) => r.json<NotificationsPage>()),
      (notices) => notices.items.some((item) => item.type === 'comment_reply'),
    );
  });

  it('removed, it is deleted without touching the counts', async () => {
    const { community, mod, post, comment } = await heldComment();
    expect((await act(mod.browser, community, comment.id, { action: 'remove', reason: 'No' })).statusCode).toBe(204);
    expect((await mod.browser.get(`/api/posts/${post.publicId}`)).json<Post>().noComments).toBe(1);
    expect((await entries('remove_comment')).at(-1)).toMatchObject({ reason: 'No', targetId: comment.id });
  });
});

describe('new-member limits', () => {
  it('hold posts of young accounts, and comments only when asked', async () => {
    const { community, mod, author } = await setting([], { minAgeDays: 7, minPoints: 0, comments: false });
    const post = (await createPost(author.browser, community, { title: 'Hello all', body: 'x' })).json<Post>();
    expect(post.held).toBe(true);
    expect((await held(mod.browser, community)).items[0]?.reason).toBe(Messages.newMemberRule);
    const modPost = await makePost(mod.browser, community.name, { title: 'Mod post', body: 'x' });
    expect(modPost.held).toBe(false);
    expect((await makeComment(author.browser, modPost, 'A comment')).held).toBe(false);
    // Older accounts are not new.
    await t.sql`update users set created_at = now() - interval '8 days' where id = ${author.user.id}`;
    expect((await createPost(author.browser, community, { title: 'Hello again', body: 'x' })).json<Post>().held).toBe(false);
  });

  it('hold posts and comments of accounts with few points', async () => {
    const { community, mod, author } = await setting([], { minAgeDays: 0, minPoints: 500, comments: true });
    const modPost = await makePost(mod.browser, community.name, { title: 'Mod post', body: 'x' });
    expect((await makeComment(author.browser, modPost, 'A comment')).held).toBe(true);
    await t.sql`update users set points = 500 where id = ${author.user.id}`;
    expect((await makeComment(author.browser, modPost, 'Another')).held).toBe(false);
  });
});

describe('members reading pages made for visitors', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await buildTestApp({ visitorCacheMs: 60_000 });
  });
  afterAll(() => cached.close());

  it('the author of a held post or comment still reads it', async () => {
    const mod = await makeUser(cached);
    const author = await makeUser(cached);
    const community = await makeCommunity(mod.browser);
    await author.browser.post('/api/_joinCommunity', { communityId: community.id });
    await mod.browser.request('PUT', `/api/communities/${community.id}/automod`, { body: { words: [word('iffy', 'hold')], newMembers: NO_LIMITS } });
    const post = (await createPost(author.browser, community, { title: 'iffy', body: 'x' })).json<Post>();
    expect((await (await visitor(cached)).get(`/api/posts/${post.publicId}`)).statusCode).toBe(404);
    expect((await author.browser.get(`/api/posts/${post.publicId}`)).json<Post>()).toMatchObject({ id: post.id, held: true });

    const open = await makePost(mod.browser, community.name, { title: 'Open thread', body: 'x' });
    expect((await (await visitor(cached)).get(`/api/posts/${open.publicId}`)).statusCode).toBe(200);
    const comment = await makeComment(author.browser, open, 'iffy reply');
    expect(comment.held).toBe(true);
    const page = (await author.browser.get(`/api/posts/${open.publicId}`)).json<Post>();
    expect(page.comments?.map((c) => c.id)).toContain(comment.id);
  });
});
