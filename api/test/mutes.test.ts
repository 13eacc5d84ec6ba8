import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Post } from '@quorum/shared/entities/posts';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';
import { insertCommunity, joinCommunity, member } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('asks visitors to log in', async () => {
  const visitor = await new Browser(t.app).open();
  expect((await visitor.post('/api/mutes', { userId: '01a2037a-a20c-75f1-bc0f-557c203d3d98' })).statusCode).toBe(401);
  expect((await visitor.get('/api/mutes')).statusCode).toBe(401);
});

it('mutes and unmutes users and communities, and lists them in the initial data', async () => {
  const me = await member(t);
  const other = await member(t);
  const community = await insertCommunity(t.sql);

  const userMute = await me.browser.post('/api/mutes', { userId: other.id });
  expect(userMute.statusCode).toBe(201);
  expect(userMute.json()).toMatchObject({ type: 'user', mutedUserId: other.id, mutedUser: { id: other.id, username: other.username } });
  const communityMute = await me.browser.post('/api/mutes', { communityId: community.id });
  expect(communityMute.json()).toMatchObject({ type: 'community', mutedCommunityId: community.id, mutedCommunity: { name: community.name } });
  const again = await me.browser.post('/api/mutes', { userId: other.id });
  expect(again.statusCode).toBe(201);
  expect(again.json()).toEqual(userMute.json());

  const initial = (await me.browser.get('/api/_initial')).json();
  expect(initial.mutes.userMutes).toHaveLength(1);
  expect(initial.mutes.communityMutes).toHaveLength(1);

  expect((await me.browser.request('DELETE', `/api/mutes/users/${other.id}`)).statusCode).toBe(200);
  expect((await me.browser.request('DELETE', `/api/mutes/communities/${community.id}`)).statusCode).toBe(200);
  expect((await me.browser.get('/api/mutes')).json()).toEqual({ userMutes: [], communityMutes: [] });
});

it('clears all mutes of a type', async () => {
  const me = await member(t);
  const a = await member(t);
  const b = await member(t);
  await me.browser.post('/api/mutes', { userId: a.id });
  await me.browser.post('/api/mutes', { userId: b.id });
  expect((await me.browser.request('DELETE', '/api/mutes?type=user')).statusCode).toBe(200);
  expect((await me.browser.get('/api/mutes')).json().userMutes).toEqual([]);
  expect((await me.browser.request('DELETE', '/api/mutes?type=everything')).statusCode).toBe(400);
});

it('refuses bad targets', async () => {
  const me = await member(t);
  expect((await me.browser.post('/api/mutes', {})).json().message).toBe('Give either userId or communityId.');
  expect((await me.browser.post('/api/mutes', { userId: me.id })).statusCode).toBe(400);
  expect((await me.browser.post('/api/mutes', { userId: '01a2037a-a20c-75f1-bc0f-557c203d3d98' })).statusCode).toBe(404);
  expect((await me.browser.post('/api/mutes', { userId: me.id.toUpperCase() })).statusCode).toBe(400);
  expect((await me.browser.post('/api/mutes', { communityId: 'nope' })).statusCode).toBe(404);
  const deleted = await insertCommunity(t.sql);
  await t.sql`update communities set deleted_at = now() where id = ${deleted.id}`;
  expect((await me.browser.post('/api/mutes', { communityId: deleted.id })).json()).toMatchObject({ status: 404, message: 'Community not found.' });
  expect((await me.browser.get('/api/mutes')).json()).toEqual({ userMutes: [], communityMutes: [] });
});

it('treats a deleted account as a missing user: it cannot be muted, and its mutes go with it', async () => {
  const me = await member(t);
  const gone = await member(t);
  const community = await insertCommunity(t.sql);
  await joinCommunity(t.sql, community.id, gone.id);
  const post = (await gone.browser.post('/api/posts', { title: 'Soon without an author', community: community.name })).json<Post>();
  const comment = (await gone.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Soon a ghost' })).json<Comment>();
  expect((await me.browser.post('/api/mutes', { userId: gone.id })).statusCode).toBe(201);
  const mutedAuthor = async () => {
    const thread = (await me.browser.get(`/api/posts/${post.publicId}/comments`)).json<{ comments: Comment[] }>().comments;
    return thread.find((item) => item.id === comment.id)?.isAuthorMuted;
  };
  expect(await mutedAuthor()).toBe(true);

  const deleted = await gone.browser.request('DELETE', `/api/users/${gone.username}`, { body: { password: gone.password } });
  expect(deleted.statusCode).toBe(200);
  expect((await me.browser.get('/api/mutes')).json()).toEqual({ userMutes: [], communityMutes: [] });
  expect(await mutedAuthor()).toBe(false);

  const missing = await me.browser.post('/api/mutes', { userId: '01a2037a-a20c-75f1-bc0f-557c203d3d98' });
  for (const userId of [gone.id, gone.id.toUpperCase()]) {
    const refused = await me.browser.post('/api/mutes', { userId });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ status: 404, code: 'not_found', message: 'User not found.' });
    expect(refused.json()).toEqual(missing.json());
  }
  expect((await me.browser.get('/api/mutes')).json()).toEqual({ userMutes: [], communityMutes: [] });
  expect(await mutedAuthor()).toBe(false);
});
