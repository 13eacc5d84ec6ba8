import type { Community } from '@quorum/shared/entities/communities';
import type { ModAction, ModLogPage } from '@quorum/shared/entities/modlog';
import type { NotificationsPage } from '@quorum/shared/entities/notifications';
import { MODLOG_PAGE_SIZE } from '@quorum/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, uniqueName, type TestApp, type TestResponse } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { del, makeAdmin, makeComment, makeCommunity, makePost, makeUser, put, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';

interface EntryRow {
  kind: string;
  communityId: string | null;
  actorId: string | null;
  actorGroup: string;
  targetType: string;
  targetId: string;
  targetUserId: string | null;
  expiresAt: Date | null;
  reason: string | null;
}

const countEntries = async () => Number((await t.sql<{ n: number }[]>`select count(*)::int as n from mod_actions`)[0]?.n);

/** Runs `action`, which must succeed, and answers the one log entry it wrote. */
async function oneEntry(action: () => Promise<TestResponse>): Promise<EntryRow> {
  const before = await countEntries();
  const response = await action();
  expect(response.statusCode, response.body).toBeLessThan(300);
  expect(await countEntries()).toBe(before + 1);
  const [row] = await t.sql<EntryRow[]>`
    select kind, community_id, actor_id, actor_group, target_type, target_id, target_user_id, expires_at, reason
    from mod_actions order by id desc limit 1`;
  return row!;
}

/** Runs `action` and checks that it wrote no log entry; answers its response. */
async function noEntry(action: () => Promise<TestResponse>): Promise<TestResponse> {
  const before = await countEntries();
  const response = await action();
  expect(await countEntries()).toBe(before);
  return response;
}

const logOf = async (browser: Browser, community: { id: string }, query = '') =>
  (await browser.get(`/api/communities/${community.id}/modlog${query}`)).json<ModLogPage>();

/** A community of `mod`'s that `author` joined, with a post of the author's. */
async function setting(): Promise<{ community: Community; mod: SignedUp; author: SignedUp }> {
  const mod = await makeUser(t);
  const author = await makeUser(t);
  const community = await makeCommunity(mod.browser);
  await author.browser.post('/api/_joinCommunity', { communityId: community.id });
  return { community, mod, author };
}

describe('every moderation action writes one entry of the log', () => {
  it('removing posts and comments, with the reason, and the author is told', async () => {
    const { community, mod, author } = await setting();
    const post = await makePost(author.browser, community.name, { title: 'Off topic', body: 'Text' });
    const removed = await oneEntry(() =>
      mod.browser.request('DELETE', `/api/posts/${post.publicId}?deleteAs=mods`, { body: { reason: 'Not about cats' } }));
    expect(removed).toMatchObject({
      kind: 'remove_post', communityId: community.id, actorId: mod.user.id, actorGroup: 'mods',
      targetType: 'post', targetId: post.id, targetUserId: author.user.id, reason: 'Not about cats',
    });
    const notices = await eventually(
      () => author.browser.get('/api/notifications').then((r) => r.json<NotificationsPage>()),
      (page) => page.items.some((item) => item.type === 'deleted_post'),
    );
    expect(notices.items.find((item) => item.type === 'deleted_post')?.title)
      .toBe('Your post Off topic was removed by the moderators: Not about cats');

    const purged = await makePost(author.browser, community.name, { title: 'Spam', body: 'Buy' });
    expect(await oneEntry(() => del(admin.browser, `/api/posts/${purged.publicId}?deleteAs=admins&deleteContent=true`)))
      .toMatchObject({ kind: 'remove_post_content', actorGroup: 'admins', actorId: admin.user.id, reason: null });

    const own = await makePost(author.browser, community.name, { title: 'Mine', body: 'Text' });
    await noEntry(() => del(author.browser, `/api/posts/${own.publicId}?deleteAs=normal`));

    const thread = await makePost(author.browser, community.name, { title: 'Talk', body: 'Text' });
    const comment = await makeComment(author.browser, thread, 'Rude words');
    expect(await oneEntry(() =>
      mod.browser.request('DELETE', `/api/posts/${thread.publicId}/comments/${comment.id}?deleteAs=mods`, { body: { reason: 'Be kind' } })))
      .toMatchObject({ kind: 'remove_comment', targetType: 'comment', targetId: comment.id, targetUserId: author.user.id, reason: 'Be kind' });
    const ownComment = await makeComment(author.browser, thread, 'Never mind');
    await noEntry(() => del(author.browser, `/api/posts/${thread.publicId}/comments/${ownComment.id}?deleteAs=normal`));
    const told = await eventually(
      () => author.browser.get('/api/notifications').then((r) => r.json<NotificationsPage>()),
      (page) => page.items.some((item) => item.type === 'deleted_comment'),
    );
    expect(told.items.find((item) => item.type === 'deleted_comment')).toMatchObject({
      title: 'Your comment on Talk was removed by the moderators: Be kind',
      toURL: `/${community.name}/post/${thread.publicId}/${comment.id}`,
    });
  });

  it('locking, unlocking and pinning posts, in the community and site-wide', async () => {
    const { community, mod, author } = await setting();
    const post = await makePost(author.browser, community.name, { title: 'Heated', body: 'Text' });
    expect(await oneEntry(() => mod.browser.request('PUT', `/api/posts/${post.publicId}?action=lock`, { body: { reason: 'Calm down' } })))
      .toMatchObject({ kind: 'lock_post', targetId: post.id, reason: 'Calm down', actorGroup: 'mods' });
    expect(await oneEntry(() => put(mod.browser, `/api/posts/${post.publicId}?action=unlock`, undefined)))
      .toMatchObject({ kind: 'unlock_post', reason: null });
    const told = await eventually(
      () => author.browser.get('/api/notifications').then((r) => r.json<NotificationsPage>()),
      (page) => page.items.some((item) => item.type === 'post_locked'),
    );
    expect(told.items.find((item) => item.type === 'post_locked')?.title).toBe('Your post Heated was locked by the moderators: Calm down');

    expect(await oneEntry(() => put(mod.browser, `/api/posts/${post.publicId}?action=pin`, undefined)))
      .toMatchObject({ kind: 'pin_post', communityId: community.id });
    expect(await oneEntry(() => put(mod.browser, `/api/posts/${post.publicId}?action=unpin`, undefined))).toMatchObject({ kind: 'unpin_post' });
    expect(await oneEntry(() => put(admin.browser, `/api/posts/${post.publicId}?action=pin&siteWide=true`, undefined)))
      .toMatchObject({ kind: 'pin_post_site', communityId: null, actorGroup: 'admins' });
    expect(await oneEntry(() => put(admin.browser, `/api/posts/${post.publicId}?action=unpin&siteWide=true`, undefined)))
      .toMatchObject({ kind: 'unpin_post_site', communityId: null });
    await noEntry(() => put(author.browser, `/api/posts/${post.publicId}?action=lock`, undefined));
  });

  it('bans and unbans, in a community and site-wide; a refused ban writes none', async () => {
    const { community, mod, author } = await setting();
    const until = new Date(Date.now() + 86_400_000);
    const banned = await oneEntry(() =>
      mod.browser.post(`/api/communities/${community.id}/banned`, { username: author.username, expires: until.toISOString(), reason: 'Trolling' }));
    expect(banned).toMatchObject({ kind: 'ban_user', targetType: 'user', targetId: author.user.id, reason: 'Trolling' });
    expect(banned.expiresAt?.toISOString()).toBe(until.toISOString());
    expect(await oneEntry(() => mod.browser.request('DELETE', `/api/communities/${community.id}/banned`, { body: { username: author.username } })))
      .toMatchObject({ kind: 'unban_user', targetUserId: author.user.id });

    const junior = await makeUser(t);
    await oneEntry(() => mod.browser.post(`/api/communities/${community.id}/mods`, { username: junior.username }));
    expect((await noEntry(() => mod.browser.post(`/api/communities/${community.id}/banned`, { username: junior.username }))).statusCode).toBe(403);
    expect((await noEntry(() => mod.browser.post(`/api/communities/${community.id}/banned`, { username: 'nobody_at_all' }))).statusCode).toBe(404);
    const tooLong = await noEntry(() =>
      mod.browser.post(`/api/communities/${community.id}/banned`, { username: author.username, reason: 'x'.repeat(501) }));
    expect(tooLong.json()).toEqual({ status: 400, code: 'bad_request', message: 'The reason has to be at most 500 characters.' });

    const user = await makeUser(t);
    expect(await oneEntry(() => admin.browser.post('/api/_admin', { action: 'ban_user', username: user.username, reason: 'Spam bot' })))
      .toMatchObject({ kind: 'ban_user_site', communityId: null, actorGroup: 'admins', targetId: user.user.id, reason: 'Spam bot' });
    expect(await oneEntry(() => admin.browser.post('/api/_admin', { action: 'unban_user', username: user.username })))
      .toMatchObject({ kind: 'unban_user_site', communityId: null });
    expect((await noEntry(() => admin.browser.post('/api/_admin', { action: 'ban_user', username: 'nobody_at_all' }))).statusCode).toBe(404);

    // A site ban that also blocks the user's last address writes both, in its transaction.
    const fromAfar = await new Browser(t.app, '198.51.100.77').open();
    const farName = uniqueName('far');
    expect((await fromAfar.post('/api/_signup', { username: farName, password: 'correct horse battery', email: '' })).statusCode).toBe(201);
    const before = await countEntries();
    expect((await admin.browser.post('/api/_admin', { action: 'ban_user', username: farName, blockLastAddress: true })).statusCode).toBe(200);
    const written = await t.sql<{ kind: string; details: { address?: string } }[]>`
      select kind, details from mod_actions order by id desc limit 2`;
    expect(await countEntries()).toBe(before + 2);
    expect(written.map((row) => row.kind).sort()).toEqual(['ban_user_site', 'block_ip']);
    expect(written.find((row) => row.kind === 'block_ip')?.details.address).toBe('198.51.100.77');
  });

  it('mods, rules and the community settings', async () => {
    const { community, mod } = await setting();
    const base = `/api/communities/${community.id}`;
    const other = await makeUser(t);
    expect(await oneEntry(() => mod.browser.post(`${base}/mods`, { username: other.username })))
      .toMatchObject({ kind: 'add_mod', targetId: other.user.id });
    expect(await oneEntry(() => del(mod.browser, `${base}/mods/${other.username}`))).toMatchObject({ kind: 'remove_mod', targetId: other.user.id });

    const added = await oneEntry(() => mod.browser.post(`${base}/rules`, { rule: 'Be nice' }));
    expect(added).toMatchObject({ kind: 'add_rule', targetType: 'rule' });
    await mod.browser.post(`${base}/rules`, { rule: 'No spam' });
    expect(await oneEntry(() => put(mod.browser, `${base}/rules/${added.targetId}`, { rule: 'Be very nice' })))
      .toMatchObject({ kind: 'edit_rule', targetId: added.targetId });
    await noEntry(() => put(mod.browser, `${base}/rules/${added.targetId}`, { rule: 'Be very nice', zIndex: 1 }));
    expect(await oneEntry(() => del(mod.browser, `${base}/rules/${added.targetId}`))).toMatchObject({ kind: 'remove_rule' });

    expect(await oneEntry(() => put(mod.browser, base, { about: 'New words', postingRestricted: true })))
      .toMatchObject({ kind: 'edit_community', targetType: 'community', targetId: community.id });
    expect(await oneEntry(() => del(admin.browser, `${base}/pro_pic`))).toMatchObject({ kind: 'edit_community', actorGroup: 'admins' });

    const page = await logOf(mod.browser, community);
    expect(page.actions.map((action) => action.kind)).toEqual([
      'edit_community', 'edit_community', 'remove_rule', 'edit_rule', 'add_rule', 'add_rule', 'remove_mod', 'add_mod',
    ]);
    expect(page.actions[2]).toMatchObject({ target: { type: 'rule', label: 'Be very nice', url: null } });
    expect(page.actions[7]).toMatchObject({
      actor: mod.username, actorGroup: 'mods', community: { id: community.id, name: community.name },
      target: { type: 'user', id: other.user.id, label: other.username, url: `/@${other.username}` },
    });
  });

  it('ignoring a report, denying a community request, blocking addresses', async () => {
    const { community, mod, author } = await setting();
    const reporter = await makeUser(t);
    const post = await makePost(author.browser, community.name, { title: 'Reported', body: 'Text' });
    const [reason] = await t.sql<{ id: number }[]>`select id from report_reasons order by id limit 1`;
    const report = await reporter.browser.post('/api/_report', { type: 'post', targetId: post.id, reason: reason!.id });
    expect(report.statusCode).toBe(201);
    expect(await oneEntry(() => del(mod.browser, `/api/communities/${community.id}/reports/${report.json<{ id: string }>().id}`)))
      .toMatchObject({ kind: 'ignore_report', targetType: 'report', targetUserId: author.user.id });

    const request = await reporter.browser.post('/api/community_requests', { name: 'wanted_place', note: 'Please' });
    expect(request.statusCode).toBe(201);
    expect(await oneEntry(() => admin.browser.post('/api/_admin', { action: 'deny_comm', id: request.json<{ id: string }>().id, body: 'Exists' })))
      .toMatchObject({ kind: 'deny_community_request', communityId: null, targetUserId: reporter.user.id, reason: 'Exists' });

    const block = await oneEntry(() => admin.browser.post('/api/ipblocks', { address: '203.0.113.7', expiresIn: 24 }));
    expect(block).toMatchObject({ kind: 'block_ip', communityId: null, targetType: 'ip_block' });
    expect(block.expiresAt).not.toBeNull();
    expect(await oneEntry(() => del(admin.browser, `/api/ipblocks/${block.targetId}`))).toMatchObject({ kind: 'cancel_ip_block' });
  });

  it('announcing a post, default communities and deleting a community request, site-wide; a change that changes nothing writes none', async () => {
    const { community, author } = await setting();
    const post = await makePost(author.browser, community.name, { title: 'News', body: 'Text' });
    expect(await oneEntry(() => put(admin.browser, `/api/posts/${post.publicId}?action=announce`, {})))
      .toMatchObject({ kind: 'announce_post', communityId: null, actorGroup: 'admins', targetType: 'post', targetId: post.id, targetUserId: author.user.id });
    expect((await noEntry(() => put(admin.browser, `/api/posts/${post.publicId}?action=announce`, {}))).statusCode).toBe(409);

    const makeDefault = () => admin.browser.post('/api/_admin', { action: 'add_default_forum', name: community.name });
    expect(await oneEntry(makeDefault)).toMatchObject({ kind: 'add_default_community', communityId: null, targetType: 'community', targetId: community.id });
    expect((await noEntry(makeDefault)).statusCode).toBe(200);
    expect(await oneEntry(() => admin.browser.post('/api/_admin', { action: 'remove_default_forum', name: community.name })))
      .toMatchObject({ kind: 'remove_default_community', targetId: community.id });
    const site = (await (await visitor(t)).get('/api/modlog?kind=add_default_community')).json<ModLogPage>();
    expect(site.actions[0]?.target).toMatchObject({ type: 'community', label: community.name, url: `/${community.name}` });

    const requester = await makeUser(t);
    const request = await requester.browser.post('/api/community_requests', { name: uniqueName('wanted'), note: 'Please' });
    const id = request.json<{ id: string }>().id;
    expect(await oneEntry(() => del(admin.browser, `/api/community_requests/${id}`)))
      .toMatchObject({ kind: 'delete_community_request', communityId: null, targetType: 'community_request', targetId: id, targetUserId: requester.user.id });
    expect((await noEntry(() => del(admin.browser, `/api/community_requests/${id}`))).statusCode).toBe(404);
  });
});

describe('GET /api/communities/:id/modlog', () => {
  it('pages newest first with the cursor, and filters by kind and by moderator', async () => {
    const { community, mod } = await setting();
    const other = await makeUser(t);
    await mod.browser.post(`/api/communities/${community.id}/mods`, { username: other.username });
    const rows = Array.from({ length: MODLOG_PAGE_SIZE + 4 }, (_, i) => ({
      community_id: community.id,
      actor_id: i % 2 === 0 ? mod.user.id : other.user.id,
      actor_group: 'mods',
      kind: i % 3 === 0 ? 'add_rule' : 'edit_rule',
      target_type: 'rule',
      target_id: UNKNOWN_ID,
      details: { rule: `Rule ${i}` },
    }));
    await t.sql`insert into mod_actions ${t.sql(rows)}`;
    const total = rows.length + 1;

    const first = await logOf(await visitor(t), community);
    expect(first.actions).toHaveLength(MODLOG_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = await logOf(await visitor(t), community, `?next=${first.next}`);
    expect(second.next).toBeNull();
    const ids = [...first.actions, ...second.actions].map((action) => action.id);
    expect(new Set(ids).size).toBe(total);
    expect([...ids].sort().reverse()).toEqual(ids);

    const added = await logOf(mod.browser, community, '?kind=add_rule');
    expect(added.actions.length).toBe(rows.filter((row) => row.kind === 'add_rule').length);
    expect(added.actions.every((action) => action.kind === 'add_rule')).toBe(true);
    const byOther = await logOf(mod.browser, community, `?mod=${other.username.toUpperCase()}`);
    expect(byOther.actions.length).toBe(rows.filter((row) => row.actor_id === other.user.id).length);
    expect(byOther.actions.every((action) => action.actor === other.username)).toBe(true);
    expect((await logOf(mod.browser, community, '?mod=nobody_at_all')).actions).toEqual([]);
    // By name too.
    expect((await logOf(mod.browser, { id: community.name })).actions[0]?.id).toBe(first.actions[0]?.id);
  });

  it('hides the names of moderators from others when the site says so', async () => {
    const { community, mod, author } = await setting();
    await mod.browser.post(`/api/communities/${community.id}/rules`, { rule: 'Be nice' });
    const actorSeenBy = async (browser: Browser) => (await logOf(browser, community)).actions[0]?.actor;
    expect(await actorSeenBy(await visitor(t))).toBe(mod.username);

    expect((await put(admin.browser, '/api/site_settings', { modLogNames: false })).json()).toMatchObject({ modLogNames: false });
    try {
      expect(await actorSeenBy(await visitor(t))).toBeNull();
      expect(await actorSeenBy(author.browser)).toBeNull();
      expect(await actorSeenBy(mod.browser)).toBe(mod.username);
      expect(await actorSeenBy(admin.browser)).toBe(mod.username);
      expect((await author.browser.get(`/api/communities/${community.id}/modlog?mod=${mod.username}`)).statusCode).toBe(403);
    } finally {
      await put(admin.browser, '/api/site_settings', { modLogNames: true });
    }
  });

  it("never shows a removed post's title or a removed comment to those who do not moderate", async () => {
    const { community, mod, author } = await setting();
    const post = await makePost(author.browser, community.name, { title: 'Secret title', body: 'Text' });
    const comment = await makeComment(author.browser, post, 'Secret words');
    await put(mod.browser, `/api/posts/${post.publicId}?action=lock`, undefined);
    await del(mod.browser, `/api/posts/${post.publicId}/comments/${comment.id}?deleteAs=mods`);
    await del(mod.browser, `/api/posts/${post.publicId}?deleteAs=mods`);
    const postUrl = `/${community.name}/post/${post.publicId}`;

    const seenByVisitor = (await logOf(await visitor(t), community)).actions;
    expect(seenByVisitor.map((action) => action.kind)).toEqual(['remove_post', 'remove_comment', 'lock_post']);
    expect(seenByVisitor.map((action) => action.target.label)).toEqual([null, null, null]);
    expect(JSON.stringify(seenByVisitor)).not.toContain('Secret');
    expect(seenByVisitor[1]?.target.url).toBe(`${postUrl}/${comment.id}`);

    const seenByMod = (await logOf(mod.browser, community)).actions;
    expect(seenByMod.map((action) => action.target)).toEqual([
      { type: 'post', id: post.id, label: 'Secret title', url: postUrl },
      { type: 'comment', id: comment.id, label: 'Secret words', url: `${postUrl}/${comment.id}` },
      { type: 'post', id: post.id, label: 'Secret title', url: postUrl },
    ]);
  });

  it('answers 404 for an unknown community, and 400 for a bad cursor or kind without echoing them', async () => {
    const browser = await visitor(t);
    expect((await browser.get(`/api/communities/${UNKNOWN_ID}/modlog`)).json())
      .toEqual({ status: 404, code: 'not_found', message: 'Community not found.' });
    expect((await browser.get('/api/communities/no_such_place/modlog')).statusCode).toBe(404);
    const { community } = await setting();
    const badCursor = await browser.get(`/api/communities/${community.id}/modlog?next=evil<script>`);
    expect(badCursor.json()).toEqual({ status: 400, code: 'invalid_cursor', message: 'Invalid cursor.' });
    const badKind = await browser.get(`/api/communities/${community.id}/modlog?kind=evil<script>`);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({ status: 400, message: 'Unknown kind of action.' });
    expect(badKind.body).not.toContain('evil');
    expect((await browser.get('/api/modlog?kind=nope')).statusCode).toBe(400);
  });
});

describe('GET /api/modlog', () => {
  it('holds only site-wide entries, with addresses for admins only', async () => {
    const { community, mod, author } = await setting();
    await mod.browser.post(`/api/communities/${community.id}/rules`, { rule: 'Community only' });
    const user = await makeUser(t);
    await admin.browser.post('/api/_admin', { action: 'ban_user', username: user.username, reason: 'Spam' });
    const block = await admin.browser.post('/api/ipblocks', { address: '198.51.100.9', expiresIn: null });
    expect(block.statusCode).toBe(201);

    const read = async (browser: Browser) => (await browser.get('/api/modlog')).json<ModLogPage>().actions;
    const seen = await read(author.browser);
    expect(seen.every((action) => action.community === null)).toBe(true);
    expect(seen.some((action) => action.kind === 'add_rule')).toBe(false);
    const [blocked, banned] = seen as [ModAction, ModAction];
    expect(blocked).toMatchObject({ kind: 'block_ip', actorGroup: 'admins', actor: admin.username, target: { type: 'ip_block', label: null, url: null } });
    expect(banned).toMatchObject({ kind: 'ban_user_site', reason: 'Spam', target: { label: user.username, url: `/@${user.username}` } });
    expect(JSON.stringify(seen)).not.toContain('198.51.100.9');
    expect(JSON.stringify(await read(await visitor(t)))).not.toContain('198.51.100.9');
    expect((await read(admin.browser))[0]).toMatchObject({ kind: 'block_ip', target: { label: '198.51.100.9' } });
  });
});

describe('site settings', () => {
  it('modLogNames is read and changed by admins', async () => {
    expect((await admin.browser.get('/api/site_settings')).json()).toMatchObject({ modLogNames: true });
    expect((await put(admin.browser, '/api/site_settings', { modLogNames: 'no' })).statusCode).toBe(400);
  });
});
