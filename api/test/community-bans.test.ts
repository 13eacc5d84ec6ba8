import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import type { User } from '@quorum/shared/entities/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Browser, type TestApp } from './helpers/app.ts';
import { makeAdmin, makeCommunity, makeUser, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';
const bannedUrl = (community: Community) => `/api/communities/${community.id}/banned`;
const ban = (by: Browser, community: Community, body: unknown) => by.post(bannedUrl(community), body);
const unban = (by: Browser, community: Community, body: unknown) => by.request('DELETE', bannedUrl(community), { body });

/** A community of `mod`'s with `member` joined. */
async function setting(): Promise<{ community: Community; mod: SignedUp; member: SignedUp }> {
  const mod = await makeUser(t);
  const member = await makeUser(t);
  const community = await makeCommunity(mod.browser);
  expect((await member.browser.post('/api/_joinCommunity', { communityId: community.id })).statusCode).toBe(200);
  return { community, mod, member };
}

describe('POST /api/communities/:id/banned', () => {
  it('bans a user, ends their membership and lists them for the bannedFrom of their initial data', async () => {
    const { community, mod, member } = await setting();
    const response = await ban(mod.browser, community, { username: member.username.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json<User>()).toMatchObject({ id: member.user.id, username: member.username });
    expect(response.json()).not.toHaveProperty('email');

    const seen = (await member.browser.get(`/api/communities/${community.id}`)).json<Community>();
    expect(seen).toMatchObject({ userJoined: false, noMembers: 1 });
    expect((await member.browser.get('/api/_initial')).json().bannedFrom).toEqual([community.id]);
    expect((await mod.browser.get(bannedUrl(community))).json<User[]>().map((user) => user.username)).toEqual([member.username]);
  });

  it('answers 409 when the user is banned already, and 404 for unknown and deleted users', async () => {
    const { community, mod, member } = await setting();
    await ban(mod.browser, community, { username: member.username });
    expect((await ban(mod.browser, community, { username: member.username })).json())
      .toEqual({ status: 409, code: 'already_banned', message: `${member.username} is already banned.` });
    expect((await ban(mod.browser, community, { username: 'nobody_by_that_name' })).json())
      .toEqual({ status: 404, code: 'not_found', message: 'No user with username exists.' });
    const gone = await makeUser(t);
    await t.sql`update users set deleted_at = now() where id = ${gone.user.id}`;
    expect((await ban(mod.browser, community, { username: gone.username })).statusCode).toBe(404);
    expect((await ban(mod.browser, community, {})).json()).toEqual({ status: 400, code: 'bad_request', message: 'Username is required.' });
    expect((await mod.browser.post(`/api/communities/${UNKNOWN_ID}/banned`, { username: member.username })).statusCode).toBe(404);
  });

  it("refuses to ban the community's mods and admins", async () => {
    const { community, mod } = await setting();
    const junior = await makeUser(t);
    await mod.browser.post(`/api/communities/${community.id}/mods`, { username: junior.username });
    const refusal = { status: 403, code: 'forbidden', message: 'Moderators of the community and admins cannot be banned from it.' };
    expect((await ban(mod.browser, community, { username: junior.username })).json()).toEqual(refusal);
    expect((await ban(junior.browser, community, { username: mod.username })).json()).toEqual(refusal);
    expect((await ban(mod.browser, community, { username: admin.username })).json()).toEqual(refusal);
    expect((await mod.browser.get(bannedUrl(community))).json()).toEqual([]);
  });

  it('bans until a time when given one; a ban that has run out is over', async () => {
    const { community, mod, member } = await setting();
    expect((await ban(mod.browser, community, { username: member.username, expires: '2001-01-01T00:00:00Z' })).json())
      .toEqual({ status: 400, code: 'bad_request', message: 'A ban has to end in the future.' });
    expect((await ban(mod.browser, community, { username: member.username, expires: 'soon' })).json())
      .toEqual({ status: 400, code: 'bad_request', message: 'Invalid expiry.' });
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect((await ban(mod.browser, community, { username: member.username, expires: until })).statusCode).toBe(200);
    expect((await member.browser.post('/api/posts', { community: community.name, title: 'Still here?' })).statusCode).toBe(403);

    await t.sql`update community_bans set expires_at = now() - interval '1 minute' where user_id = ${member.user.id}`;
    expect((await mod.browser.get(bannedUrl(community))).json()).toEqual([]);
    expect((await member.browser.get('/api/_initial')).json().bannedFrom).toEqual([]);
    expect((await member.browser.post('/api/posts', { community: community.name, title: 'Back again' })).statusCode).toBe(201);
    // It can be banned again.
    expect((await ban(mod.browser, community, { username: member.username })).statusCode).toBe(200);
  });
});

describe('DELETE /api/communities/:id/banned', () => {
  it('lifts a ban; the user may post again', async () => {
    const { community, mod, member } = await setting();
    await ban(mod.browser, community, { username: member.username });
    const response = await unban(mod.browser, community, { username: member.username });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: member.user.id, username: member.username });
    expect((await mod.browser.get(bannedUrl(community))).json()).toEqual([]);
    expect((await member.browser.post('/api/posts', { community: community.name, title: 'Hello again' })).statusCode).toBe(201);
    expect((await unban(mod.browser, community, { username: member.username })).json())
      .toEqual({ status: 404, code: 'not_found', message: `${member.username} is not banned from this community.` });
    expect((await unban(mod.browser, community, { username: 'nobody_by_that_name' })).json())
      .toEqual({ status: 404, code: 'not_found', message: 'No user with username exists.' });
  });
});

describe('GET /api/communities/:id/banned', () => {
  it('lists banned users, the latest first, to mods and admins only', async () => {
    const { community, mod, member } = await setting();
    const other = await makeUser(t);
    await ban(mod.browser, community, { username: member.username });
    await t.sql`update community_bans set created_at = now() - interval '1 hour' where user_id = ${member.user.id}`;
    await ban(admin.browser, community, { username: other.username });
    const listed = (await admin.browser.get(bannedUrl(community))).json<User[]>();
    expect(listed.map((user) => [user.id, user.username])).toEqual([[other.user.id, other.username], [member.user.id, member.username]]);
    expect((await other.browser.get(bannedUrl(community))).json()).toEqual({ status: 403, code: 'forbidden', message: 'Forbidden.' });
    expect((await (await visitor(t)).get(bannedUrl(community))).statusCode).toBe(401);
  });
});

describe('a user banned from a community', () => {
  it('is refused posts, comments, replies, votes and joining there with banned_from_community', async () => {
    const { community, mod, member } = await setting();
    const post = (await mod.browser.post('/api/posts', { community: community.name, title: 'A post', body: 'Text' })).json<Post>();
    const comment = (await mod.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'A comment' })).json<Comment>();
    await ban(mod.browser, community, { username: member.username });

    const refusal = { status: 403, code: 'banned_from_community', message: `You've been banned from ${community.name}.` };
    const calls = {
      post: () => member.browser.post('/api/posts', { community: community.name, title: 'Let me in' }),
      comment: () => member.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Hey' }),
      reply: () => member.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Hey', parentCommentId: comment.id }),
      postVote: () => member.browser.post('/api/_postVote', { postId: post.id, up: true }),
      commentVote: () => member.browser.post('/api/_commentVote', { commentId: comment.id, up: false }),
    };
    for (const [name, call] of Object.entries(calls)) expect((await call()).json(), name).toEqual(refusal);
    expect((await member.browser.post('/api/_joinCommunity', { communityId: community.id })).json(), 'join').toEqual(refusal);
    expect((await member.browser.post('/api/_joinCommunity', { communityId: community.id, leave: true })).statusCode).toBe(200);

    const [counts] = await t.sql<{ upvotes: number; noComments: number }[]>`select upvotes, no_comments from posts where id = ${post.id}`;
    expect(counts).toEqual({ upvotes: 1, noComments: 1 });

    // Elsewhere they take part as before.
    const elsewhere = await makeCommunity(admin.browser);
    const there = (await admin.browser.post('/api/posts', { community: elsewhere.name, title: 'Open to all' })).json<Post>();
    expect((await member.browser.post('/api/_postVote', { postId: there.id, up: true })).statusCode).toBe(200);
    expect((await member.browser.post(`/api/posts/${there.publicId}/comments`, { body: 'Hi' })).statusCode).toBe(201);
  });
});
