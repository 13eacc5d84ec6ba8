import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import type { Report, ReportsPage } from '@quorum/shared/entities/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { makeAdmin, makeComment, makeCommunity, makePost, makeUser, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let admin: SignedUp;
let reporter: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t);
  reporter = await makeUser(t);
});
afterAll(() => t.close());

const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';
const reportsUrl = (community: Community, query = '') => `/api/communities/${community.id}/reports${query}`;

interface Setting {
  community: Community;
  mod: SignedUp;
  author: SignedUp;
}

async function setting(): Promise<Setting> {
  const mod = await makeUser(t);
  const author = await makeUser(t);
  const community = await makeCommunity(mod.browser);
  return { community, mod, author };
}

const postBy = (author: SignedUp, community: Community, title = 'Reported post') =>
  makePost(author.browser, community.name, { title, body: 'Body text' });

const commentBy = (author: SignedUp, post: Post) => makeComment(author.browser, post, 'Reported comment');

async function report(type: 'post' | 'comment', targetId: string, by = reporter, reason = 2): Promise<Report> {
  const response = await by.browser.post('/api/_report', { type, targetId, reason, description: 'Look at this' });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function reportsPage(s: Setting, query = ''): Promise<ReportsPage> {
  const response = await s.mod.browser.get(reportsUrl(s.community, query));
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function stateOf(reportId: string): Promise<{ actionTaken: string | null; dealtBy: string | null }> {
  const [row] = await t.sql<{ actionTaken: string | null; dealtBy: string | null }[]>`
    select r.action_taken, u.username as dealt_by from reports r left join users u on u.id = r.dealt_by where r.id = ${reportId}`;
  if (!row) throw new Error('no such report');
  return row;
}

describe('GET /api/communities/:id/reports', () => {
  it('lists open reports newest first with their targets, reasons and counts', async () => {
    const s = await setting();
    const post = await postBy(s.author, s.community);
    const comment = await commentBy(s.author, post);
    const onPost = await report('post', post.id);
    const onComment = await report('comment', comment.id, reporter, 3);

    const page = await reportsPage(s);
    expect(page).toMatchObject({ details: { noReports: 2, noPostReports: 1, noCommentReports: 1 }, limit: 10, page: 1 });
    expect(page.reports.map((r) => r.id)).toEqual([onComment.id, onPost.id]);
    expect(page.reports[0]).toEqual({
      id: onComment.id, communityId: s.community.id, postId: post.id, type: 'comment', targetId: comment.id,
      reason: 'Harassment or hate', reasonId: 3, description: 'Look at this', createdAt: expect.any(String),
      actionTaken: null, dealtAt: null, dealtBy: null, target: expect.objectContaining({ id: comment.id, body: 'Reported comment' }),
    });
    expect(page.reports[1]).toMatchObject({ type: 'post', targetId: post.id, reason: 'Spam', target: { id: post.id, title: 'Reported post' } });

    expect((await reportsPage(s, '?filter=posts')).reports.map((r) => r.id)).toEqual([onPost.id]);
    const comments = await reportsPage(s, '?filter=comments');
    expect(comments.reports.map((r) => r.id)).toEqual([onComment.id]);
    expect(comments.details).toEqual({ noReports: 2, noPostReports: 1, noCommentReports: 1 });
  });

  it('pages by number, ten a page unless a limit is given', async () => {
    const s = await setting();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.unshift((await report('post', (await postBy(s.author, s.community, `Post ${i}`)).id)).id);
    const first = await reportsPage(s);
    expect(first.reports.map((r) => r.id)).toEqual(ids.slice(0, 10));
    const second = await reportsPage(s, '?page=2');
    expect(second).toMatchObject({ page: 2, limit: 10, details: { noReports: 12 } });
    expect(second.reports.map((r) => r.id)).toEqual(ids.slice(10));
    expect((await reportsPage(s, '?page=3&limit=5')).reports.map((r) => r.id)).toEqual(ids.slice(10));
    expect((await reportsPage(s, '?page=4')).reports).toEqual([]);
  });

  it('refuses bad filters, pages and limits', async () => {
    const s = await setting();
    const cases: Array<[string, string]> = [
      ['?filter=users', 'Unknown filter.'],
      ['?page=0', 'Invalid page.'],
      ['?page=x', 'Invalid page.'],
      ['?limit=0', 'Invalid limit.'],
      ['?limit=51', 'The limit is at most 50.'],
    ];
    for (const [query, message] of cases) {
      expect((await s.mod.browser.get(reportsUrl(s.community, query))).json(), query).toEqual({ status: 400, code: 'bad_request', message });
    }
  });

  it("is for the community's mods and admins", async () => {
    const s = await setting();
    await report('post', (await postBy(s.author, s.community)).id);
    expect((await admin.browser.get(reportsUrl(s.community))).json<ReportsPage>().details.noReports).toBe(1);
    expect((await s.author.browser.get(reportsUrl(s.community))).json()).toEqual({ status: 403, code: 'forbidden', message: 'Forbidden.' });
    expect((await (await visitor(t)).get(reportsUrl(s.community))).statusCode).toBe(401);
    expect((await admin.browser.get(`/api/communities/${UNKNOWN_ID}/reports`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/communities/:id/reports/:reportId', () => {
  it('ignores a report: it leaves the list, dealt with by the mod', async () => {
    const s = await setting();
    const post = await postBy(s.author, s.community);
    const kept = await report('post', post.id);
    const ignored = await report('post', post.id, await makeUser(t));
    const response = await s.mod.browser.request('DELETE', reportsUrl(s.community, `/${ignored.id}`));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ignored.id, actionTaken: 'ignored', dealtBy: s.mod.username, dealtAt: expect.any(String) });
    const page = await reportsPage(s);
    expect(page.reports.map((r) => r.id)).toEqual([kept.id]);
    expect(page.details.noReports).toBe(1);
  });

  it('answers 404 for a report of another community or none, and 403 to others', async () => {
    const s = await setting();
    const other = await setting();
    const elsewhere = await report('post', (await postBy(other.author, other.community)).id);
    const notFound = { status: 404, code: 'not_found', message: 'Report not found.' };
    expect((await s.mod.browser.request('DELETE', reportsUrl(s.community, `/${elsewhere.id}`))).json()).toEqual(notFound);
    expect((await s.mod.browser.request('DELETE', reportsUrl(s.community, `/${UNKNOWN_ID}`))).json()).toEqual(notFound);
    expect((await s.mod.browser.request('DELETE', reportsUrl(s.community, '/42'))).json()).toEqual(notFound);
    expect((await s.author.browser.request('DELETE', reportsUrl(other.community, `/${elsewhere.id}`))).statusCode).toBe(403);
    expect(await stateOf(elsewhere.id)).toEqual({ actionTaken: null, dealtBy: null });
  });
});

describe('acting on reported content', () => {
  it('closes the reports of a post deleted by a mod or an admin, not by its author', async () => {
    const s = await setting();
    const [byMod, byAdmin, byAuthor] = [await postBy(s.author, s.community), await postBy(s.author, s.community), await postBy(s.author, s.community)];
    const [r1, r2, r3] = [await report('post', byMod.id), await report('post', byAdmin.id), await report('post', byAuthor.id)];
    const onComment = await report('comment', (await commentBy(s.author, byMod)).id);
    expect((await s.mod.browser.request('DELETE', `/api/posts/${byMod.publicId}?deleteAs=mods`)).statusCode).toBe(200);
    expect((await admin.browser.request('DELETE', `/api/posts/${byAdmin.publicId}?deleteAs=admins`)).statusCode).toBe(200);
    expect((await s.author.browser.request('DELETE', `/api/posts/${byAuthor.publicId}`)).statusCode).toBe(200);
    expect(await stateOf(r1.id)).toEqual({ actionTaken: 'deleted', dealtBy: s.mod.username });
    expect(await stateOf(r2.id)).toEqual({ actionTaken: 'deleted', dealtBy: admin.username });
    expect(await stateOf(r3.id)).toEqual({ actionTaken: null, dealtBy: null });
    // Deleting a post closes the reports of the post, not of its comments.
    expect(await stateOf(onComment.id)).toEqual({ actionTaken: null, dealtBy: null });
  });

  it('closes the reports of a comment deleted by a mod, and of a locked post', async () => {
    const s = await setting();
    const post = await postBy(s.author, s.community);
    const comment = await commentBy(s.author, post);
    const [onComment, onPost] = [await report('comment', comment.id), await report('post', post.id)];
    expect((await s.mod.browser.request('DELETE', `/api/posts/${post.publicId}/comments/${comment.id}?deleteAs=mods`)).statusCode).toBe(200);
    expect(await stateOf(onComment.id)).toEqual({ actionTaken: 'deleted', dealtBy: s.mod.username });
    expect(await stateOf(onPost.id)).toEqual({ actionTaken: null, dealtBy: null });
    expect((await s.mod.browser.request('PUT', `/api/posts/${post.publicId}?action=lock`)).statusCode).toBe(200);
    expect(await stateOf(onPost.id)).toEqual({ actionTaken: 'locked', dealtBy: s.mod.username });
    expect((await reportsPage(s)).details).toEqual({ noReports: 0, noPostReports: 0, noCommentReports: 0 });
  });

  it("closes the reports of everything a banned user wrote in the community, and only there", async () => {
    const s = await setting();
    const post = await postBy(s.author, s.community);
    const theirs = [await report('post', post.id), await report('comment', (await commentBy(s.author, post)).id)];
    const someoneElse = await makeUser(t);
    const notTheirs = await report('comment', (await commentBy(someoneElse, post)).id);
    const other = await setting();
    await other.author.browser.post('/api/_joinCommunity', { communityId: other.community.id });
    const elsewhere = await report('post', (await postBy(s.author, other.community)).id);

    expect((await s.mod.browser.post(`/api/communities/${s.community.id}/banned`, { username: s.author.username })).statusCode).toBe(200);
    for (const closed of theirs) expect(await stateOf(closed.id)).toEqual({ actionTaken: 'banned', dealtBy: s.mod.username });
    expect(await stateOf(notTheirs.id)).toEqual({ actionTaken: null, dealtBy: null });
    expect(await stateOf(elsewhere.id)).toEqual({ actionTaken: null, dealtBy: null });
    expect((await reportsPage(s)).reports.map((r) => r.id)).toEqual([notTheirs.id]);
  });
});
