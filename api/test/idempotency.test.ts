import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from './helpers/app.ts';
import { insertCommunity, makeThread, member, type Member } from './helpers/factories.ts';
import { setErrorHandler } from '../src/http/error-handler.ts';
import { conflict, tooManyRequests } from '../src/http/errors.ts';
import { honourIdempotencyKeys } from '../src/idempotency/hooks.ts';
import { deleteExpiredKeys } from '../src/idempotency/queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const newPost = () => makeThread(t, { title: 'Retry me' });

let keys = 0;
const newKey = () => `key-${process.pid}-${++keys}-0123456789`;

type Me = Member;
const keyed = (me: Me, method: 'POST' | 'DELETE', url: string, body: unknown, key: string) =>
  me.browser.request(method, url, { body, headers: { 'Idempotency-Key': key } });

async function upvotes(postId: string) {
  const [row] = await t.sql<{ upvotes: number }[]>`select upvotes from posts where id = ${postId}`;
  return row?.upvotes;
}

async function commentCount(postId: string) {
  const [row] = await t.sql<{ n: number }[]>`select count(*)::int as n from comments where post_id = ${postId}`;
  return row?.n;
}

describe('a write sent twice with the same key', () => {
  it('applies a post vote once and answers the first result again', async () => {
    const { post } = await newPost();
    const voter = await member(t);
    const key = newKey();
    const first = await keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: true }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ upvotes: 2, userVotedUp: true });
    const again = await keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: true }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    // Without the replay the second upvote would have cleared the first.
    expect(await upvotes(post.id)).toBe(2);
  });

  it('creates a comment and a reply once each', async () => {
    const { post } = await newPost();
    const me = await member(t);
    const url = `/api/posts/${post.publicId}/comments`;
    const key = newKey();
    const first = await keyed(me, 'POST', url, { body: 'Sent from a train' }, key);
    expect(first.statusCode).toBe(201);
    const again = await keyed(me, 'POST', url, { body: 'Sent from a train' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const parentId = first.json<{ id: string }>().id;
    const replyKey = newKey();
    const reply = await keyed(me, 'POST', url, { body: 'And a reply', parentCommentId: parentId }, replyKey);
    expect(reply.statusCode).toBe(201);
    expect((await keyed(me, 'POST', url, { body: 'And a reply', parentCommentId: parentId }, replyKey)).json()).toEqual(reply.json());
    expect(await commentCount(post.id)).toBe(2);
  });

  it('applies a comment vote once', async () => {
    const { post, author } = await newPost();
    const comment = (await author.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Vote on me' })).json<{ id: string }>();
    const voter = await member(t);
    const key = newKey();
    const first = await keyed(voter, 'POST', '/api/_commentVote', { commentId: comment.id, up: true }, key);
    expect(first.json()).toMatchObject({ upvotes: 2 });
    const again = await keyed(voter, 'POST', '/api/_commentVote', { commentId: comment.id, up: true }, key);
    expect(again.json()).toEqual(first.json());
  });

  it('joins and leaves once, mutes and unmutes once', async () => {
    const { community } = await newPost();
    const me = await member(t);
    const other = await member(t);
    const join = newKey();
    const joined = await keyed(me, 'POST', '/api/_joinCommunity', { communityId: community.id }, join);
    expect(joined.json()).toMatchObject({ userJoined: true, noMembers: 1 });
    expect((await keyed(me, 'POST', '/api/_joinCommunity', { communityId: community.id }, join)).json()).toEqual(joined.json());
    const leave = newKey();
    const left = await keyed(me, 'POST', '/api/_joinCommunity', { communityId: community.id, leave: true }, leave);
    expect(left.json()).toMatchObject({ userJoined: false, noMembers: 0 });
    expect((await keyed(me, 'POST', '/api/_joinCommunity', { communityId: community.id, leave: true }, leave)).json()).toEqual(left.json());

    const mute = newKey();
    const muted = await keyed(me, 'POST', '/api/mutes', { userId: other.id }, mute);
    expect(muted.statusCode).toBe(201);
    expect((await keyed(me, 'POST', '/api/mutes', { userId: other.id }, mute)).statusCode).toBe(201);
    const unmute = newKey();
    expect((await keyed(me, 'DELETE', `/api/mutes/users/${other.id}`, undefined, unmute)).statusCode).toBe(200);
    const replayed = await keyed(me, 'DELETE', `/api/mutes/users/${other.id}`, undefined, unmute);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const [row] = await t.sql<{ n: number }[]>`select count(*)::int as n from idempotency_keys where user_id = ${me.id}`;
    expect(row?.n).toBe(4);
  });

  it('saves to a list and removes from it once', async () => {
    const { post } = await newPost();
    const me = await member(t);
    const list = (await me.browser.post(`/api/users/${me.username}/lists`, { name: 'keep' })).json<{ id: string; name: string }[]>().find((l) => l.name === 'keep')!;
    const item = { targetId: post.id, targetType: 'post' };
    const save = newKey();
    const saved = await keyed(me, 'POST', `/api/lists/${list.id}/items`, item, save);
    expect(saved.statusCode).toBe(201);
    const savedAgain = await keyed(me, 'POST', `/api/lists/${list.id}/items`, item, save);
    expect(savedAgain.statusCode).toBe(201);
    expect(savedAgain.headers['idempotent-replayed']).toBe('true');
    const unsave = newKey();
    expect((await keyed(me, 'DELETE', `/api/lists/${list.id}/items`, item, unsave)).statusCode).toBe(200);
    expect((await keyed(me, 'DELETE', `/api/lists/${list.id}/items`, item, unsave)).headers['idempotent-replayed']).toBe('true');
    const [row] = await t.sql<{ n: number }[]>`select count(*)::int as n from idempotency_keys where user_id = ${me.id}`;
    expect(row?.n).toBe(2);
  });

  it('keeps no refusal: once its cause is gone, a retry with the same key applies the write', async () => {
    const { post } = await newPost();
    const me = await member(t);
    const url = `/api/posts/${post.publicId}/comments`;
    const key = newKey();
    await t.sql`update posts set locked_at = now() where id = ${post.id}`;
    const refused = await keyed(me, 'POST', url, { body: 'Let me in' }, key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'post_locked' });
    await t.sql`update posts set locked_at = null where id = ${post.id}`;
    const applied = await keyed(me, 'POST', url, { body: 'Let me in' }, key);
    expect(applied.statusCode).toBe(201);
    expect(applied.headers['idempotent-replayed']).toBeUndefined();
    const again = await keyed(me, 'POST', url, { body: 'Let me in' }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(applied.json());
    expect(await commentCount(post.id)).toBe(1);
  });

  it('lets the client correct a refused body and send it again with the same key', async () => {
    const { post } = await newPost();
    const voter = await member(t);
    const key = newKey();
    const refused = await keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: 'yes' }, key);
    expect(refused.statusCode).toBe(400);
    const corrected = await keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: true }, key);
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({ upvotes: 2 });
    const [row] = await t.sql<{ status: number }[]>`select status from idempotency_keys where user_id = ${voter.id} and key = ${key}`;
    expect(row?.status).toBe(200);
  });

  it('applies once when two copies arrive together: the other waits its turn (409) or gets the first answer', async () => {
    const { post } = await newPost();
    const voter = await member(t);
    const key = newKey();
    const answers = await Promise.all([1, 2].map(() => keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: true }, key)));
    expect(await upvotes(post.id)).toBe(2);
    const applied = answers.filter((a) => a.statusCode === 200);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) {
      if (answer.statusCode === 200) expect(answer.json()).toMatchObject({ upvotes: 2 });
      else expect(answer.json()).toMatchObject({ status: 409, code: 'idempotency_key_in_flight' });
    }
  });
});

describe('refusals', () => {
  it('answers 409 with Retry-After while the first request is still running', async () => {
    const { post } = await newPost();
    const voter = await member(t);
    const key = newKey();
    await keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: true }, key);
    // The state between the first request's claim and its answer.
    await t.sql`update idempotency_keys set status = null, body = null where user_id = ${voter.id} and key = ${key}`;
    const answer = await keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: true }, key);
    expect(answer.statusCode).toBe(409);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json()).toEqual({
      status: 409,
      code: 'idempotency_key_in_flight',
      message: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
    });
    expect(await upvotes(post.id)).toBe(2);
  });

  it('refuses a key reused with another body or on another route', async () => {
    const { post } = await newPost();
    const voter = await member(t);
    const key = newKey();
    await keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: true }, key);
    const reused = { status: 422, code: 'idempotency_key_reused', message: 'This Idempotency-Key was already used for a different request.' };
    const otherBody = await keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: false }, key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual(reused);
    const otherRoute = await keyed(voter, 'POST', `/api/posts/${post.publicId}/comments`, { body: 'Hello' }, key);
    expect(otherRoute.json()).toEqual(reused);
    expect(await upvotes(post.id)).toBe(2);
    expect(await commentCount(post.id)).toBe(0);
  });

  it('refuses a malformed key without echoing it', async () => {
    const { post } = await newPost();
    const voter = await member(t);
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(129), 'ünïcödé-key-1234']) {
      const answer = await voter.browser.request('POST', '/api/_postVote', { body: { postId: post.id, up: true }, headers: { 'Idempotency-Key': bad } });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        status: 400,
        code: 'invalid_idempotency_key',
        message: 'The Idempotency-Key header must be 8 to 128 letters, digits, hyphens or underscores.',
      });
    }
    expect(await upvotes(post.id)).toBe(1);
  });

  it('keeps keys per user: the same key from two users applies for each', async () => {
    const { post } = await newPost();
    const [a, b] = [await member(t), await member(t)];
    const key = newKey();
    expect((await keyed(a, 'POST', '/api/_postVote', { postId: post.id, up: true }, key)).json()).toMatchObject({ upvotes: 2 });
    expect((await keyed(b, 'POST', '/api/_postVote', { postId: post.id, up: true }, key)).json()).toMatchObject({ upvotes: 3 });
  });

  it('leaves visitors and unkeyed writes as they were', async () => {
    const { post } = await newPost();
    const voter = await member(t);
    await voter.browser.post('/api/_postVote', { postId: post.id, up: true });
    await voter.browser.post('/api/_postVote', { postId: post.id, up: true });
    expect(await upvotes(post.id)).toBe(1);
    const { browser: visitor } = await signUp(t.app);
    await visitor.post('/api/_login?action=logout');
    const answer = await visitor.request('POST', '/api/_postVote', { body: { postId: post.id, up: true }, headers: { 'Idempotency-Key': newKey() } });
    expect(answer.statusCode).toBe(401);
  });

  it('ignores the header on routes that do not take part', async () => {
    const me = await member(t);
    const community = await insertCommunity(t.sql);
    const key = newKey();
    const send = () => me.browser.request('POST', '/api/posts', { body: { title: 'Twice', community: community.name }, headers: { 'Idempotency-Key': key } });
    const [a, b] = [await send(), await send()];
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json<{ id: string }>().id).not.toBe(a.json<{ id: string }>().id);
  });
});

describe('expiry', () => {
  it('keeps keys for 24 hours, then deletes them and lets the key apply again', async () => {
    const { post } = await newPost();
    const voter = await member(t);
    const key = newKey();
    await keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: true }, key);
    await t.sql`update idempotency_keys set created_at = now() - interval '23 hours' where user_id = ${voter.id}`;
    await deleteExpiredKeys(t.sql);
    expect((await keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: true }, key)).headers['idempotent-replayed']).toBe('true');
    expect(await upvotes(post.id)).toBe(2);

    await t.sql`update idempotency_keys set created_at = now() - interval '25 hours' where user_id = ${voter.id}`;
    // An expired key is a new key, whether or not the cleanup has run yet.
    const fresh = await keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: true }, key);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await upvotes(post.id)).toBe(1);

    await t.sql`update idempotency_keys set created_at = now() - interval '25 hours' where user_id = ${voter.id}`;
    expect(await deleteExpiredKeys(t.sql)).toBeGreaterThanOrEqual(1);
    const [row] = await t.sql<{ n: number }[]>`select count(*)::int as n from idempotency_keys where user_id = ${voter.id}`;
    expect(row?.n).toBe(0);
  });

  it('takes over a key whose first request was abandoned', async () => {
    const { post } = await newPost();
    const voter = await member(t);
    const key = newKey();
    await t.sql`
      insert into idempotency_keys (user_id, key, fingerprint, created_at)
      values (${voter.id}, ${key}, 'abandoned', now() - interval '3 minutes')`;
    const answer = await keyed(voter, 'POST', '/api/_postVote', { postId: post.id, up: true }, key);
    expect(answer.statusCode).toBe(200);
    expect(await upvotes(post.id)).toBe(2);
  });
});

describe('answers that are not kept', () => {
  /** A route of its own that throws `failures` in turn before it succeeds, with the user the API's session hook would set. */
  function flakyApp(me: Me, failures: Error[]) {
    const app = Fastify();
    setErrorHandler(app);
    app.addHook('onRequest', async (request) => {
      request.user = { id: me.id, username: me.username, isAdmin: false };
    });
    honourIdempotencyKeys(app, t.sql);
    let runs = 0;
    app.post('/flaky', { config: { idempotent: true } }, async () => {
      const failure = failures[runs];
      runs += 1;
      if (failure) throw failure;
      return { runs };
    });
    const key = newKey();
    const send = () => app.inject({ method: 'POST', url: '/flaky', headers: { 'idempotency-key': key }, payload: {} });
    return { app, send, runs: () => runs };
  }

  it('keeps no 5xx answer: the retry runs the write again', async () => {
    const flaky = flakyApp(await member(t), [new Error('the database went away')]);
    try {
      expect((await flaky.send()).statusCode).toBe(500);
      const retried = await flaky.send();
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ runs: 2 });
      const replayed = await flaky.send();
      expect(replayed.json()).toEqual({ runs: 2 });
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(flaky.runs()).toBe(2);
    } finally {
      await flaky.app.close();
    }
  });

  it('keeps no rate limit or conflict: each retry runs the write again until it succeeds', async () => {
    const flaky = flakyApp(await member(t), [tooManyRequests(), conflict('already_done', 'Already done.')]);
    try {
      expect((await flaky.send()).statusCode).toBe(429);
      expect((await flaky.send()).statusCode).toBe(409);
      const applied = await flaky.send();
      expect(applied.statusCode).toBe(200);
      expect(applied.json()).toEqual({ runs: 3 });
      expect((await flaky.send()).json()).toEqual({ runs: 3 });
      expect(flaky.runs()).toBe(3);
    } finally {
      await flaky.app.close();
    }
  });
});
