// "Download my data": an archive of the account built by a job, downloaded by its owner only,
// deleted a day after it was ready. Mail goes to a real SMTP server on loopback.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Comment } from '@quorum/shared/entities/comments';
import { DATA_EXPORT_KEPT_HOURS } from '@quorum/shared/constants';
import type { DataArchive, DataExport, DataExports } from '@quorum/shared/entities/exports';
import type { List } from '@quorum/shared/entities/lists';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_PAGE_SIZE } from '../src/exports/archive-queries.ts';
import { JOB_BUILD_DATA_EXPORT, JOB_DELETE_EXPIRED_DATA_EXPORTS } from '../src/exports/jobs.ts';
import { listDeadExports, type ExportRow } from '../src/exports/queries.ts';
import { Browser, buildTestApp, type TestApp, type TestResponse } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { del, makeComment, makeCommunity, makePost, makeUser, member, visitor, type Member } from './helpers/factories.ts';
import { startSmtpServer, type SmtpServer } from './helpers/smtp-server.ts';

const PUBLIC_URL = 'https://forum.example';
let smtp: SmtpServer;
let dataDir: string;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = await mkdtemp(join(tmpdir(), 'quorum-exports-'));
  t = await buildTestApp({ dataDir, smtpUrl: smtp.url, publicUrl: PUBLIC_URL, jobPollMs: 500 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ask = (browser: Browser) => browser.post('/api/_export');
const listExports = async (browser: Browser) => (await browser.get('/api/exports')).json<DataExports>().exports;
const download = (browser: Browser, id: string) => browser.get(`/api/exports/${id}/download`);
const notFoundBody = { status: 404, code: ErrorCode.notFound, message: Messages.dataExportNotFound };

interface StoredExport {
  id: string;
  fileName: string;
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
}

async function storedExports(userId: string): Promise<StoredExport[]> {
  return t.sql<StoredExport[]>`
    select id, file_name, created_at, ready_at, expires_at from data_exports where user_id = ${userId} order by created_at`;
}

const fileOf = (row: { fileName: string }) => join(dataDir, 'exports', row.fileName);

/** Asks for an archive and answers it, once the job has built it. */
async function askAndWait(browser: Browser): Promise<DataExport> {
  const asked = await ask(browser);
  expect(asked.statusCode, asked.body).toBe(202);
  const { id } = asked.json<DataExport>();
  const exports = await eventually(() => listExports(browser), (found) => found.some((item) => item.id === id && item.status === 'ready'));
  const ready = exports.find((item) => item.id === id);
  expect(ready?.status).toBe('ready');
  return ready!;
}

async function archiveOf(browser: Browser, id: string): Promise<{ response: TestResponse; archive: DataArchive }> {
  const response = await download(browser, id);
  expect(response.statusCode, response.body).toBe(200);
  return { response, archive: response.json<DataArchive>() };
}

/** Makes every archive of the member as if it was asked for `minutes` earlier than it was. */
async function makeOlder(userId: string, minutes: number): Promise<void> {
  await t.sql`
    update data_exports set created_at = created_at - make_interval(mins => ${minutes}),
      ready_at = ready_at - make_interval(mins => ${minutes}), expires_at = expires_at - make_interval(mins => ${minutes})
    where user_id = ${userId}`;
}

describe('asking for an archive', () => {
  it('is for members: a visitor may neither ask, list nor download', async () => {
    const owner = await member(t);
    const ready = await askAndWait(owner.browser);
    const guest = await visitor(t);
    expect((await ask(guest)).json()).toMatchObject({ status: 401, code: ErrorCode.notLoggedIn });
    expect((await guest.get('/api/exports')).statusCode).toBe(401);
    const refused = await download(guest, ready.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(notFoundBody);
    // Without the anti-forgery token a member's ask is refused too.
    expect((await owner.browser.post('/api/_export', undefined, { csrf: false })).statusCode).toBe(403);
  });

  it('answers the archive being built to another ask, with no second job, and one archive an hour', async () => {
    const owner = await member(t);
    // An archive whose job has not run yet.
    const [building] = await t.sql<{ id: string }[]>`
      insert into data_exports (user_id, file_name) values (${owner.id}, 'not-built-yet.json') returning id`;
    const again = await ask(owner.browser);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ id: building!.id, status: 'building', createdAt: expect.any(String), readyAt: null, expiresAt: null, sizeBytes: null });
    expect(await storedExports(owner.id)).toHaveLength(1);
    const [jobs] = await t.sql<{ count: number }[]>`
      select count(*)::int as count from pgboss.job where name = ${JOB_BUILD_DATA_EXPORT} and data->>'exportId' = ${building!.id}`;
    expect(jobs?.count).toBe(0);
    expect((await listExports(owner.browser)).map((item) => [item.id, item.status])).toEqual([[building!.id, 'building']]);
    // Not built: nothing to download yet.
    expect((await download(owner.browser, building!.id)).json()).toEqual(notFoundBody);

    // A double click asks twice at once: one archive, one job.
    const other = await member(t);
    const [first, second] = await Promise.all([ask(other.browser), ask(other.browser)]);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect(first.json<DataExport>().id).toBe(second.json<DataExport>().id);
    const ready = await eventually(() => listExports(other.browser), (found) => found[0]?.status === 'ready');
    expect(ready.map((item) => item.id)).toEqual([first.json<DataExport>().id]);
    expect(await storedExports(other.id)).toHaveLength(1);

    // Ready within the hour: the next ask is refused, saying when to come back.
    const tooSoon = await ask(other.browser);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toEqual({ status: 409, code: ErrorCode.dataExportTooSoon, message: expect.stringMatching(/Try again in (a minute|\d+ minutes)\.$/) });
    const retryAfter = Number(tooSoon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(tooSoon.json<{ message: string }>().message).toContain(`${Math.ceil(retryAfter / 60)} minutes`);

    await makeOlder(other.id, 50);
    const stillTooSoon = await ask(other.browser);
    expect(stillTooSoon.json<{ message: string }>().message).toMatch(/Try again in 1\d minutes\./);
    expect(await storedExports(other.id)).toHaveLength(1);
  });

  it('replaces the last archive with the new one once it is built', async () => {
    const owner = await member(t);
    const older = await askAndWait(owner.browser);
    const [olderRow] = await storedExports(owner.id);
    await makeOlder(owner.id, 61);
    const newer = await askAndWait(owner.browser);
    expect(newer.id).not.toBe(older.id);
    expect((await listExports(owner.browser)).map((item) => item.id)).toEqual([newer.id]);
    expect((await download(owner.browser, older.id)).json()).toEqual(notFoundBody);
    expect(existsSync(fileOf(olderRow!))).toBe(false);
    expect((await storedExports(owner.id)).map((row) => row.id)).toEqual([newer.id]);
    // Each build wrote its file under a temporary name, put in place as it was marked ready.
    expect((await readdir(join(dataDir, 'exports'))).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('stops offering the last archive as soon as a newer one is ready, before the job removes it', async () => {
    const owner = await member(t);
    const older = await askAndWait(owner.browser);
    // A newer archive marked ready, as the build's transaction leaves it before the older one is removed.
    const [newer] = await t.sql<{ id: string }[]>`
      insert into data_exports (user_id, file_name, created_at, ready_at, expires_at, size_bytes)
      select user_id, 'newer-' || file_name, created_at + interval '1 second', ready_at + interval '1 second',
        expires_at + interval '1 second', size_bytes
      from data_exports where id = ${older.id}
      returning id`;
    expect((await listExports(owner.browser)).map((item) => item.id)).toEqual([newer!.id]);
    expect((await download(owner.browser, older.id)).json()).toEqual(notFoundBody);
    // Removing what an archive replaced, as its build's job does last, never takes a newer one.
    const [olderRow] = await t.sql<ExportRow[]>`select * from data_exports where id = ${older.id}`;
    expect((await listDeadExports(t.sql, { userId: owner.id, replacedBy: olderRow! })).map((row) => row.id)).not.toContain(newer!.id);
    const [newerRow] = await t.sql<ExportRow[]>`select * from data_exports where id = ${newer!.id}`;
    expect((await listDeadExports(t.sql, { userId: owner.id, replacedBy: newerRow! })).map((row) => row.id)).toEqual([older.id]);
  });
});

describe('the archive', () => {
  it('holds the account, settings, posts, comments, votes, lists, mutes and notifications, and no secret', async () => {
    const mod = await makeUser(t);
    const community = await makeCommunity(mod.browser);
    const modPost = await makePost(mod.browser, community.name, { title: 'The moderator’s post', body: 'Hello from the mod.' });
    const modComment = await makeComment(mod.browser, modPost, 'A private-ish thought of the moderator.');
    await t.sql`update users set email = 'mod@mail.example' where id = ${mod.user.id}`;

    const owner = await member(t, { joins: community.id });
    const email = `${owner.username.toLowerCase()}@mail.example`;
    await t.sql`update users set email = ${email}, about_me = 'I like exports.', embeds_off = true where id = ${owner.id}`;
    // The welcome notification comes from a job after signing up.
    await eventually(() => t.sql`select 1 from notifications where user_id = ${owner.id} and type = 'welcome'`, (rows) => rows.length === 1);

    const kept = await makePost(owner.browser, community.name, { title: 'A post I keep', body: 'My words.' });
    const mine = await makePost(owner.browser, community.name, { title: 'A post I delete', body: 'Gone words.' });
    expect((await del(owner.browser, `/api/posts/${mine.publicId}?deleteContent=true`)).statusCode).toBe(200);
    const removed = await makePost(owner.browser, community.name, { title: 'A post the mods remove', body: 'Removed words.' });
    expect((await del(mod.browser, `/api/posts/${removed.publicId}?deleteAs=mods`)).statusCode).toBe(200);
    const reply = await makeComment(owner.browser, modPost, 'My reply to the mod.', modComment.id);
    const deletedComment = await makeComment(owner.browser, kept, 'A comment I regret.');
    expect((await del(owner.browser, `/api/posts/${kept.publicId}/comments/${deletedComment.id}`)).statusCode).toBe(200);

    expect((await owner.browser.post('/api/_postVote', { postId: modPost.id, up: true })).statusCode).toBe(200);
    expect((await owner.browser.post('/api/_commentVote', { commentId: modComment.id, up: false })).statusCode).toBe(200);
    const lists = (await owner.browser.get(`/api/users/${owner.username}/lists`)).json<List[]>();
    const bookmarks = lists.find((list) => list.name === 'bookmarks')!;
    expect((await owner.browser.post(`/api/lists/${bookmarks.id}/items`, { targetId: modPost.id, targetType: 'post' })).statusCode).toBe(201);
    expect((await owner.browser.post(`/api/lists/${bookmarks.id}/items`, { targetId: modComment.id, targetType: 'comment' })).statusCode).toBe(201);
    expect((await owner.browser.post('/api/mutes', { userId: mod.user.id })).statusCode).toBe(201);
    expect((await owner.browser.post('/api/mutes', { communityId: community.id })).statusCode).toBe(201);

    const ready = await askAndWait(owner.browser);
    expect(ready).toEqual({
      id: ready.id, status: 'ready', createdAt: expect.any(String), readyAt: expect.any(String), expiresAt: expect.any(String), sizeBytes: expect.any(Number),
    });
    expect(Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)).toBe(DATA_EXPORT_KEPT_HOURS * 3_600_000);
    const { response, archive } = await archiveOf(owner.browser, ready.id);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="quorum-${owner.username}-${ready.readyAt!.slice(0, 10)}.json"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.byteLength(response.body)).toBe(ready.sizeBytes);

    expect(archive).toMatchObject({ format: 1, site: PUBLIC_URL });
    expect(Date.parse(archive.exportedAt)).toBeGreaterThan(Date.parse(ready.createdAt) - 1);
    expect(archive.account).toMatchObject({
      id: owner.id, username: owner.username, email, emailConfirmed: false, aboutMe: 'I like exports.', profilePicture: null,
      isAdmin: false, noPosts: 1, noComments: 1, badges: [], moderates: [],
    });
    expect(archive.settings).toMatchObject({ embedsOff: true, homeFeed: 'all', upvoteNotificationsOff: false });
    expect(archive.communities).toEqual([{ community: community.name, joinedAt: expect.any(String) }]);

    // Posts newest first, deleted ones too, with what the site still keeps of them.
    const postUrl = (publicId: string) => `${PUBLIC_URL}/${community.name}/post/${publicId}`;
    expect(archive.posts.map((post) => post.title)).toEqual(['A post the mods remove', 'A post I delete', 'A post I keep']);
    const [byMods, byMe, keptPost] = archive.posts;
    expect(keptPost).toMatchObject({
      id: kept.publicId, url: postUrl(kept.publicId), type: 'text', community: community.name, body: 'My words.', link: null, images: [],
      postedAs: 'normal', deletedAt: null, deletedAs: null, contentDeleted: false, awaitingApproval: false, locked: false,
    });
    expect(byMe).toMatchObject({ deletedAt: expect.any(String), deletedAs: 'normal', contentDeleted: true, body: null });
    expect(byMods).toMatchObject({ deletedAt: expect.any(String), deletedAs: 'mods', contentDeleted: false, body: 'Removed words.' });

    expect(archive.comments).toEqual([
      expect.objectContaining({ id: deletedComment.id, body: '', deletedAt: expect.any(String), deletedAs: 'normal', postId: kept.publicId }),
      expect.objectContaining({
        id: reply.id, url: `${postUrl(modPost.publicId)}/${reply.id}`, body: 'My reply to the mod.', parentId: modComment.id,
        postId: modPost.publicId, postTitle: 'The moderator’s post', deletedAt: null,
      }),
    ]);

    // Others' posts and comments are pointed at, never copied.
    expect(archive.votes.posts).toContainEqual(
      { type: 'post', id: modPost.publicId, title: 'The moderator’s post', url: postUrl(modPost.publicId), up: true, votedAt: expect.any(String) },
    );
    // Authors upvote their own posts and comments as they make them.
    expect(archive.votes.posts.map((vote) => vote.id).sort()).toEqual([modPost, kept, mine, removed].map((post) => post.publicId).sort());
    expect(archive.votes.comments).toContainEqual(
      { type: 'comment', id: modComment.id, title: 'The moderator’s post', url: `${postUrl(modPost.publicId)}/${modComment.id}`, up: false, votedAt: expect.any(String) },
    );
    expect(archive.votes.comments.map((vote) => vote.id).sort()).toEqual([modComment, reply, deletedComment].map((comment) => comment.id).sort());
    expect(archive.lists).toEqual([{
      name: 'bookmarks', displayName: 'Bookmarks', description: null, public: false, createdAt: expect.any(String),
      items: [
        { type: 'comment', id: modComment.id, title: 'The moderator’s post', url: `${postUrl(modPost.publicId)}/${modComment.id}`, addedAt: expect.any(String) },
        { type: 'post', id: modPost.publicId, title: 'The moderator’s post', url: postUrl(modPost.publicId), addedAt: expect.any(String) },
      ],
    }]);
    expect(archive.mutes).toEqual({
      users: [{ username: mod.username, mutedAt: expect.any(String) }],
      communities: [{ name: community.name, mutedAt: expect.any(String) }],
    });
    expect(archive.notifications).toContainEqual({
      type: 'welcome', title: expect.stringContaining('Welcome to Quorum!'), url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/`)),
      createdAt: expect.any(String), seenAt: null,
    });

    // No secret of the member's, nothing private of anybody else's.
    const [secrets] = await t.sql<{ passwordHash: string; sessionIds: string[] }[]>`
      select password_hash, array(select id from sessions where user_id = ${owner.id}) as session_ids from users where id = ${owner.id}`;
    for (const secret of [secrets!.passwordHash, ...secrets!.sessionIds]) expect(response.body).not.toContain(secret);
    expect(response.body).not.toMatch(/password|sessions|"ip"/i);
    expect(response.body).not.toContain('mod@mail.example');
    expect(response.body).not.toContain(modComment.body);
    expect(response.body).not.toContain('Hello from the mod.');
  });

  it('is announced by mail with a link to Settings, never to the file', async () => {
    const owner = await member(t);
    const email = `${owner.username.toLowerCase()}@mail.example`;
    await t.sql`update users set email = ${email} where id = ${owner.id}`;
    const ready = await askAndWait(owner.browser);
    const [mail] = await eventually(() => smtp.received.filter((item) => item.to.includes(email)), (found) => found.length === 1);
    expect(mail?.parsed.subject).toBe('Your Quorum data is ready to download');
    expect(mail?.parsed.text).toContain(`${PUBLIC_URL}/settings`);
    expect(mail?.parsed.html).toContain(`href="${PUBLIC_URL}/settings"`);
    expect(mail?.raw).not.toContain('/api/exports');
    expect(mail?.raw).not.toContain(ready.id);
    const [row] = await storedExports(owner.id);
    expect(mail?.raw).not.toContain(row!.fileName.replace('.json', ''));
  });

  it('goes to its owner only: another member gets the same 404 as for an unknown or malformed id', async () => {
    const owner = await member(t);
    const ready = await askAndWait(owner.browser);
    expect((await download(owner.browser, ready.id.toUpperCase())).statusCode).toBe(200);
    const other = await member(t);
    const answers = [
      await download(other.browser, ready.id),
      await download(owner.browser, '00000000-0000-7000-8000-000000000000'),
      await download(owner.browser, 'not-an-id'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(notFoundBody);
    }
    expect(await listExports(other.browser)).toEqual([]);
  });

  it(`writes a large account ${ARCHIVE_PAGE_SIZE} rows at a time, every row once and in order`, async () => {
    const author = await makeUser(t);
    const community = await makeCommunity(author.browser);
    const post = await makePost(author.browser, community.name, { title: 'Many comments' });
    const owner = await member(t);
    const many = ARCHIVE_PAGE_SIZE * 2 + 1;
    const [{ id: postId } = { id: '' }] = await t.sql<{ id: string }[]>`select id from posts where public_id = ${post.publicId}`;
    const comments = await t.sql<{ id: string }[]>`
      insert into comments (post_id, community_id, user_id, body)
      select ${postId}, ${community.id}, ${owner.id}, 'Bulk comment ' || g from generate_series(1, ${many}) g
      returning id`;
    const prefix = `b${Date.now() % 100_000}`;
    await t.sql`
      insert into posts (public_id, type, user_id, community_id, title)
      select ${prefix} || g, 'text', ${author.user.id}, ${community.id}, 'Bulk post ' || g from generate_series(1, ${ARCHIVE_PAGE_SIZE + 1}) g`;
    await t.sql`insert into post_votes (post_id, user_id, up) select id, ${owner.id}, true from posts where public_id like ${`${prefix}%`}`;
    // Added in one statement: the items share one time, and their ids order them.
    await t.sql`
      insert into list_items (list_id, target_type, post_id)
      select l.id, 'post', p.id from lists l, posts p where l.user_id = ${owner.id} and p.public_id like ${`${prefix}%`}`;

    const ready = await askAndWait(owner.browser);
    const { archive } = await archiveOf(owner.browser, ready.id);
    const ids = comments.map((row) => row.id).sort().reverse();
    expect(archive.comments.map((comment: Pick<Comment, 'id'>) => comment.id)).toEqual(ids);
    expect(archive.votes.posts).toHaveLength(ARCHIVE_PAGE_SIZE + 1);
    expect(new Set(archive.votes.posts.map((vote) => vote.id)).size).toBe(ARCHIVE_PAGE_SIZE + 1);
    const items = archive.lists[0]?.items ?? [];
    expect(items).toHaveLength(ARCHIVE_PAGE_SIZE + 1);
    expect(new Set(items.map((item) => item.id)).size).toBe(ARCHIVE_PAGE_SIZE + 1);
  });
});

describe('expiry', () => {
  it('ends a day after the archive was ready: hidden, refused, then deleted with its file by the job queued for it', async () => {
    const owner = await member(t);
    const ready = await askAndWait(owner.browser);
    const [row] = await storedExports(owner.id);
    expect(existsSync(fileOf(row!))).toBe(true);
    // Its deletion is queued for when it expires.
    const [sweep] = await t.sql<{ startAfter: Date }[]>`
      select start_after from pgboss.job where name = ${JOB_DELETE_EXPIRED_DATA_EXPORTS} and state = 'created'
      order by start_after desc limit 1`;
    expect(sweep!.startAfter.getTime()).toBeGreaterThanOrEqual(Date.parse(ready.expiresAt!));
    expect(sweep!.startAfter.getTime()).toBeLessThanOrEqual(Date.parse(ready.expiresAt!) + 5 * 60_000);

    await makeOlder(owner.id, DATA_EXPORT_KEPT_HOURS * 60 + 1);
    expect(await listExports(owner.browser)).toEqual([]);
    expect((await download(owner.browser, ready.id)).json()).toEqual(notFoundBody);

    // What builds that stopped half way left is removed once old; a build going on now keeps its file.
    const abandoned = join(dataDir, 'exports', 'abandoned.json.0a1b2c.part');
    const writing = join(dataDir, 'exports', 'writing.json.3d4e5f.part');
    await writeFile(abandoned, '{"exportedAt"');
    await writeFile(writing, '{"exportedAt"');
    const longAgo = new Date(Date.now() - 3 * 3_600_000);
    await utimes(abandoned, longAgo, longAgo);

    await t.app.jobs.send(JOB_DELETE_EXPIRED_DATA_EXPORTS, {});
    const left = await eventually(() => storedExports(owner.id), (rows) => rows.length === 0);
    expect(left).toEqual([]);
    expect(existsSync(fileOf(row!))).toBe(false);
    await eventually(() => existsSync(abandoned), (exists) => !exists);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(writing)).toBe(true);
    await rm(writing);
  });

  it('deletes the member’s expired archive, file and row, when they ask for a new one', async () => {
    const owner = await member(t);
    await askAndWait(owner.browser);
    const [expired] = await storedExports(owner.id);
    await makeOlder(owner.id, DATA_EXPORT_KEPT_HOURS * 60 + 1);
    const asked = await ask(owner.browser);
    expect(asked.statusCode).toBe(202);
    expect(existsSync(fileOf(expired!))).toBe(false);
    expect((await storedExports(owner.id)).map((row) => row.id)).toEqual([asked.json<DataExport>().id]);
  });
});

describe('data exports and deleted accounts', () => {
  it('are deleted with the account’s files by the next sweep', async () => {
    const owner: Member = await member(t);
    await askAndWait(owner.browser);
    const [row] = await storedExports(owner.id);
    expect((await owner.browser.request('DELETE', `/api/users/${owner.username}`, { body: { password: owner.password } })).statusCode).toBe(200);
    await t.app.jobs.send(JOB_DELETE_EXPIRED_DATA_EXPORTS, {});
    await eventually(() => storedExports(owner.id), (rows) => rows.length === 0);
    expect(existsSync(fileOf(row!))).toBe(false);
  });
});

describe('asks for archives from one address', () => {
  let limited: TestApp;
  let limitedDir: string;
  beforeAll(async () => {
    limitedDir = await mkdtemp(join(tmpdir(), 'quorum-exports-'));
    limited = await buildTestApp({ rateLimit: true, dataDir: limitedDir });
  });
  afterAll(async () => {
    await limited.close();
    await rm(limitedDir, { recursive: true, force: true });
  });

  it('are limited to 3 an hour', async () => {
    const owner = await member(limited);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await ask(owner.browser)).statusCode);
    // The first starts an archive; the others find it being built, or built already.
    expect(statuses[0]).toBe(202);
    expect(statuses.every((status) => status === 202 || status === 409)).toBe(true);
    const refused = await ask(owner.browser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, code: ErrorCode.rateLimited });
  });
});
