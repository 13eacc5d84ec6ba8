// How many statements the hottest reads send to the database per request: a member's home feed,
// its latest sort and the app's start (`_initial`). Their number must not grow with what is shown
// (one statement per community or per post), nor repeat what the request already read; nor may a
// vote, the most frequent write, wait for the disk.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createEmbeddedSql, createSql, type Sql, type StatementListener } from '../src/db/connect.ts';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { RECENT_WRITE_COOKIE } from '../src/db/read-routing.ts';
import { IDEMPOTENCY_KEY_HEADER } from '@quorum/shared/http-names';
import { Browser, uniqueName, type TestResponse } from './helpers/app.ts';
import { testDbKind, testServerUrl, withDatabase } from './helpers/database.ts';

/** A fresh copy of the template database on a connection that reports every statement. */
async function recordedDatabase(onStatement: StatementListener): Promise<{ sql: Sql; close(): Promise<void> }> {
  const template = inject('templateDatabase');
  if (testDbKind() === 'postgres') {
    const name = `${template.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`;
    const admin = createSql(testServerUrl(), 1);
    await admin.unsafe(`create database "${name}" template "${template}"`);
    const sql = createSql(withDatabase(testServerUrl(), name), 4, onStatement);
    return {
      sql,
      close: async () => {
        await sql.end({ timeout: 5 });
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'quorum-test-'));
  await cp(template, dir, { recursive: true });
  const embedded = await startEmbeddedDatabase(dir);
  const sql = createEmbeddedSql(embedded.socketPath, onStatement);
  return {
    sql,
    close: async () => {
      await sql.end({ timeout: 5 });
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let recording: string[] | null = null;
let database: Awaited<ReturnType<typeof recordedDatabase>>;
let app: FastifyInstance;
let member: Browser;
let author: Browser;
let memberName: string;
let bannedFrom: string;

/**
 * Signs up without asking for `_initial` first (the token comes with any answer), so that the
 * first `_initial` of the test reads the site's facts anew.
 */
async function signUpQuietly(): Promise<{ browser: Browser; id: string; username: string }> {
  const browser = new Browser(app);
  expect((await browser.get('/api/posts?feed=all&sort=latest&limit=1')).statusCode).toBe(200);
  const username = uniqueName();
  const response = await browser.post('/api/_signup', { username, password: 'correct horse battery', email: '' });
  expect(response.statusCode, response.body).toBe(201);
  return { browser, id: response.json<{ id: string }>().id, username };
}

beforeAll(async () => {
  database = await recordedDatabase((query) => recording?.push(query));
  // Answers shared between visitors, and the parts of members' pages made from them, are kept as
  // in production, but for a minute rather than two seconds, so that a page read twice is read
  // from what was kept the second time however slow the machine; the job queue's workers stay idle.
  const config = { ...loadConfig({}), rateLimit: false, webDist: undefined, scryptLogN: 14, visitorCacheMs: 60_000, jobPollMs: 3_600_000 };
  app = await buildApp({ config, sql: database.sql, logger: false, checkAnswers: true });
  await app.ready();
  const { sql } = database;
  // The site's first account is an admin, whose pages are always their own: the author takes it.
  const writer = await signUpQuietly();
  author = writer.browser;
  const reader = await signUpQuietly();
  member = reader.browser;
  memberName = reader.username;
  for (let n = 0; n < 20; n++) {
    const [community] = await sql<{ id: string }[]>`
      insert into communities (name, created_by) values (${`counted_${n}_${randomBytes(3).toString('hex')}`}, ${writer.id}) returning id`;
    await sql`insert into community_members (community_id, user_id) values (${community!.id}, ${reader.id}), (${community!.id}, ${writer.id})`;
    for (let p = 0; p < 3; p++) {
      await sql`
        insert into posts (public_id, type, title, user_id, community_id, hotness, points, upvotes, pinned_site_at)
        values (${randomBytes(6).toString('base64url')}, 'text', ${`Post ${p} of community ${n}`}, ${writer.id}, ${community!.id},
                ${n * 10 + p}, 1, 1, ${n === 0 && p === 0 ? new Date() : null})`;
    }
    if (n === 19) {
      await sql`insert into community_bans (community_id, user_id, banned_by) values (${community!.id}, ${reader.id}, ${writer.id})`;
      bannedFrom = community!.id;
    }
  }
  // What the member's start shows besides their account: mutes and a second list.
  expect((await member.post('/api/mutes', { userId: (await signUpQuietly()).id })).statusCode).toBeLessThan(300);
  expect((await member.post('/api/mutes', { communityId: bannedFrom })).statusCode).toBeLessThan(300);
  expect((await member.post(`/api/users/${memberName}/lists`, { name: 'reading', description: 'For later.' })).statusCode).toBe(201);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

// Reads made from shared answers are for members whose own writes are not a moment old.
beforeEach(() => {
  member.forget(RECENT_WRITE_COOKIE);
  author.forget(RECENT_WRITE_COOKIE);
});

/** What postgres.js reads once on each new connection of a pool (the array types), not per request. */
const CONNECTION_SETUP = /^select b\.oid, b\.typarray from pg_catalog\.pg_type /;
/**
 * What the job queue sends on its own timers (its tables are in schema `pgboss`), and the `select 1`
 * with which it takes the embedded database's one connection (db/connect.ts, rawReader): on that
 * connection they are recorded beside the request's statements whenever a timer fires meanwhile.
 */
const JOB_QUEUE = /\bpgboss\.|^select 1$/i;

/** The statements `browser` makes the server send for GET `url` (which must answer 200), each on one line. */
function statementsOf(browser: Browser, url: string): Promise<string[]> {
  return statementsWhile(() => browser.get(url), 200);
}

/** The statements the server sends for the request `send` makes (which must answer `status`), each on one line. */
async function statementsWhile(send: () => Promise<TestResponse>, status: number): Promise<string[]> {
  recording = [];
  try {
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    return recording
      .map((query) => query.replace(/\s+/g, ' ').trim())
      .filter((query) => !CONNECTION_SETUP.test(query) && !JOB_QUEUE.test(query));
  } finally {
    recording = null;
  }
}

describe('statements per request', () => {
  /** What the app's outbox sends with each write. */
  const keyed = () => ({ headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });
  const keyStatements = (statements: string[]) => statements.filter((statement) => /\bidempotency_keys\b/.test(statement));
  const unflushed = (statement: string) => statement.includes(`set_config('synchronous_commit', 'off', true)`);

  it('of a vote sent through the outbox, none of them waiting for the disk; a comment’s key waits as the comment does', async () => {
    const [post] = await database.sql<{ id: string; publicId: string }[]>`
      select id, public_id from posts where community_id <> ${bannedFrom} order by created_at limit 1`;
    // 1. the session and its user; 2. the key's claim; 3. the vote and 4. the post as the voter
    // now sees it, sent together; 5. the key's answer.
    const vote = await statementsWhile(() => member.request('POST', '/api/_postVote', { body: { postId: post!.id, up: true }, ...keyed() }), 200);
    expect(vote, vote.join('\n')).toHaveLength(5);
    expect(keyStatements(vote)).toHaveLength(2);
    expect(keyStatements(vote).every(unflushed)).toBe(true);

    const comment = await statementsWhile(
      () => member.request('POST', `/api/posts/${post!.publicId}/comments`, { body: { body: 'Counted.' }, ...keyed() }), 201);
    expect(keyStatements(comment)).toHaveLength(2);
    expect(keyStatements(comment).some(unflushed)).toBe(false);
  });

  it("of a member's home feed (member of 20 communities), hot and latest", async () => {
    // 1. the session and its user (auth hook); 2. the communities the member joined; 3. the posts
    // pinned site-wide (kept); 4. the first posts of every joined community with none kept, in one
    // statement (kept per community); 5. the member's votes, hidden marks and visits of the page's posts.
    const hot = await statementsOf(member, '/api/posts?feed=home&sort=hot&limit=20');
    expect(hot, hot.join('\n')).toHaveLength(5);
    // The latest sort shows no pins: no 3.
    const latest = await statementsOf(member, '/api/posts?feed=home&sort=latest&limit=20');
    expect(latest, latest.join('\n')).toHaveLength(4);
    // Once the communities' first posts are kept: 1, 2 and 5.
    for (const sort of ['hot', 'latest']) {
      const kept = await statementsOf(member, `/api/posts?feed=home&sort=${sort}&limit=20`);
      expect(kept, kept.join('\n')).toHaveLength(3);
    }
  });

  it("of a member's home feed computed for them alone, and of later pages", async () => {
    // The session, and the page in one statement (communities merged in the database).
    const admin = await statementsOf(author, '/api/posts?feed=home&sort=hot&limit=20');
    expect(admin, admin.join('\n')).toHaveLength(2);
    const first = await member.get('/api/posts?feed=home&sort=latest&limit=20');
    const next = first.json<{ next: string | null }>().next;
    expect(next).not.toBeNull();
    const page = await statementsOf(member, `/api/posts?feed=home&sort=latest&limit=20&next=${encodeURIComponent(next!)}`);
    expect(page, page.join('\n')).toHaveLength(2);
  });

  it("of a member's _initial, with the same answer as the reads of each part", async () => {
    // 1. the session and its user (auth hook); 2. the member's account, where they stand in each
    // community they joined, their bans, mutes and lists; 3. those communities, each kept for
    // everyone; 4. the visitors' sidebar and 5. the site's settings, user count and report reasons,
    // both kept for everyone.
    const start = await statementsOf(member, '/api/_initial');
    expect(start, start.join('\n')).toHaveLength(5);
    const kept = await statementsOf(member, '/api/_initial');
    expect(kept, kept.join('\n')).toHaveLength(2);
    expect(kept.filter((statement) => /^(begin|commit)\b/i.test(statement))).toEqual([]);

    const initial = (await member.get('/api/_initial')).json<{
      bannedFrom: string[]; mutes: unknown; lists: unknown[]; noUsers: number; reportReasons: unknown[]; user: { username: string };
      communities: Array<{ id: string }>;
    }>();
    expect(initial.user).toEqual((await member.get('/api/_user')).json());
    expect(initial.communities.length).toBeGreaterThan(1);
    const joined = await Promise.all(initial.communities.map(async ({ id }) => (await member.get(`/api/communities/${id}`)).json()));
    expect(initial.communities).toEqual(joined);
    expect(initial.user.username).toBe(memberName);
    expect(initial.bannedFrom).toEqual([bannedFrom]);
    expect(initial.mutes).toEqual((await member.get('/api/mutes')).json());
    expect(initial.lists).toEqual((await member.get(`/api/users/${memberName}/lists`)).json());
    expect(initial.lists).toHaveLength(2);
    expect(initial.noUsers).toBe(3);
    const [reasons] = await database.sql<{ n: number }[]>`select count(*)::int as n from report_reasons`;
    expect(initial.reportReasons).toHaveLength(reasons!.n);
  });
});
