import type { Comment } from '@quorum/shared/entities/comments';
import type { Post } from '@quorum/shared/entities/posts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { makeCommunity, makeUser, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let author: SignedUp;
let post: Post;
let comment: Comment;
beforeAll(async () => {
  t = await buildTestApp();
  author = await makeUser(t);
  const community = await makeCommunity(author.browser);
  post = (await author.browser.post('/api/posts', { title: 'Something to report', community: community.name })).json();
  comment = (await author.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'A comment to report' })).json();
});
afterAll(() => t.close());

it('stores a report of a post and of a comment for the community, once per user', async () => {
  const me = await makeUser(t, 1);
  const reported = await me.browser.post('/api/_report', { type: 'post', targetId: post.id, reason: 2 });
  expect(reported.statusCode).toBe(201);
  expect(reported.json()).toEqual({
    id: expect.any(String), communityId: post.communityId, postId: post.id, type: 'post', targetId: post.id, reason: 'Spam', reasonId: 2,
    description: null, createdAt: expect.any(String), actionTaken: null, dealtAt: null, dealtBy: null, target: expect.objectContaining({ id: post.id }),
  });
  const again = await me.browser.post('/api/_report', { type: 'post', targetId: post.id, reason: 1 });
  expect(again.json()).toEqual({ status: 409, code: 'already_reported', message: 'You have already reported this post' });

  const onComment = await me.browser.post('/api/_report', { type: 'comment', targetId: comment.id, reason: 3, description: ' Rude ' });
  expect(onComment.json()).toMatchObject({ type: 'comment', reason: 'Harassment or hate', target: { id: comment.id } });
  expect((await me.browser.post('/api/_report', { type: 'comment', targetId: comment.id, reason: 3 })).json())
    .toEqual({ status: 409, code: 'already_reported', message: 'You have already reported this comment' });

  const rows = await t.sql<{ type: string; communityId: string; postId: string; commentId: string | null; reasonId: number; description: string | null }[]>`
    select type, community_id, post_id, comment_id, reason_id, description from reports where created_by = ${me.user.id} order by type desc`;
  expect(rows).toEqual([
    { type: 'post', communityId: post.communityId, postId: post.id, commentId: null, reasonId: 2, description: null },
    { type: 'comment', communityId: post.communityId, postId: post.id, commentId: comment.id, reasonId: 3, description: 'Rude' },
  ]);

  // Another user may report the same post.
  const other = await makeUser(t, 1);
  expect((await other.browser.post('/api/_report', { type: 'post', targetId: post.id, reason: 2 })).statusCode).toBe(201);
});

it('needs a login and a reason from the list', async () => {
  const guest = await visitor(t);
  expect((await guest.post('/api/_report', { type: 'post', targetId: post.id, reason: 1 })).statusCode).toBe(401);
  const me = await makeUser(t, 1);
  for (const body of [{ type: 'post', targetId: post.id }, { type: 'post', targetId: post.id, reason: 99 }, { type: 'post', targetId: post.id, reason: 'spam' }]) {
    expect((await me.browser.post('/api/_report', body)).json(), JSON.stringify(body)).toEqual({ status: 400, code: 'bad_request', message: 'A report needs a reason.' });
  }
  expect((await me.browser.post('/api/_report', { type: 'user', targetId: post.id, reason: 1 })).json()).toMatchObject({ status: 400, message: 'Unknown report type.' });
});

it("refuses missing, deleted and one's own content", async () => {
  const me = await makeUser(t, 1);
  const missing = '01a2037a-a20c-75f1-bc0f-557c203d3d98';
  expect((await me.browser.post('/api/_report', { type: 'post', targetId: missing, reason: 1 })).json()).toMatchObject({ status: 404, message: 'Post not found.' });
  expect((await me.browser.post('/api/_report', { type: 'comment', targetId: 'x', reason: 1 })).json()).toMatchObject({ status: 404, message: 'Comment not found.' });
  expect((await author.browser.post('/api/_report', { type: 'post', targetId: post.id, reason: 1 })).json())
    .toEqual({ status: 403, code: 'forbidden', message: 'You cannot report your own post.' });
  expect((await author.browser.post('/api/_report', { type: 'comment', targetId: comment.id, reason: 1 })).json())
    .toEqual({ status: 403, code: 'forbidden', message: 'You cannot report your own comment.' });

  const doomed = (await author.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Going away' })).json<Comment>();
  await author.browser.request('DELETE', `/api/posts/${post.publicId}/comments/${doomed.id}`);
  expect((await me.browser.post('/api/_report', { type: 'comment', targetId: doomed.id, reason: 1 })).json())
    .toEqual({ status: 400, code: 'bad_request', message: 'This comment has been deleted.' });
});

it('lists the report reasons in the initial data', async () => {
  const initial = (await (await visitor(t)).get('/api/_initial')).json();
  expect(initial.reportReasons.map((r: { title: string }) => r.title)).toContain('Spam');
});
