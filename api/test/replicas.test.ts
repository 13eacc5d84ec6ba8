// Read replicas: a primary and a real streaming replica of it (see helpers/replica-cluster.ts).
// Which server answered is told by the statements each pool sent.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createSql, openDatabase, type Sql } from '../src/db/connect.ts';
import { RECENT_WRITE_COOKIE, RECENT_WRITE_SECONDS } from '../src/db/read-routing.ts';
import { migrate } from '../src/schema.ts';
import { Browser, signUp } from './helpers/app.ts';
import { withDatabase } from './helpers/database.ts';
import { ensureReplicaCluster, type ReplicaCluster } from './helpers/replica-cluster.ts';

let cluster: ReplicaCluster;
let name: string;
let primary: Sql;
let replica: Sql;
let app: FastifyInstance;
/** A second server over the same databases, sharing nothing in memory with the first (another process behind a load balancer). */
let other: FastifyInstance;
const primaryLog: string[] = [];
const replicaLog: string[] = [];

/** Asks `check` again until it holds; a bounded wait for the replica to replay. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`still not so after 200 tries: ${what}`);
}

function clearLogs() {
  primaryLog.length = 0;
  replicaLog.length = 0;
}

beforeAll(async () => {
  cluster = await ensureReplicaCluster();
  name = `quorum_replica_test_${randomBytes(4).toString('hex')}`;
  const admin = createSql(cluster.primaryUrl, 1);
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  primary = createSql(withDatabase(cluster.primaryUrl, name), 4, (query) => primaryLog.push(query));
  await migrate(primary);
  replica = createSql(withDatabase(cluster.replicaUrl, name), 4, (query) => replicaLog.push(query));
  await eventually(async () => (await replica`select count(*) as n from schema_migrations`)[0]?.n > 0, 'the replica has the migrated database');
  const config = { ...loadConfig({}), rateLimit: false, webDist: undefined, scryptLogN: 14 };
  app = await buildApp({ config, sql: primary, replicas: [replica] });
  await app.ready();
  other = await buildApp({ config, sql: primary, replicas: [replica] });
  await other.ready();
});

afterAll(async () => {
  await app?.close();
  await other?.close();
  await Promise.all([primary?.end({ timeout: 5 }), replica?.end({ timeout: 5 })]);
  if (!name) return;
  const admin = createSql(cluster.primaryUrl, 1);
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
});

/** An author with a post and a comment on it, already replayed on the replica. */
async function authorWithPost() {
  const author = await signUp(app);
  await primary`update users set points = 100 where id = ${author.user.id}`;
  const community = await author.browser.post('/api/communities', { name: `c${randomBytes(3).toString('hex')}`, about: 'A place.' });
  expect(community.statusCode).toBe(201);
  const created = await author.browser.post('/api/posts', { title: 'Hello replicas', community: community.json<{ name: string }>().name });
  expect(created.statusCode).toBe(201);
  const post = created.json<{ id: string; publicId: string }>();
  const comment = await author.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'First!' });
  expect(comment.statusCode).toBe(201);
  const commentId = comment.json<{ id: string }>().id;
  await eventually(async () => (await replica`select 1 from comments where id = ${commentId}`).length === 1, 'the replica has the comment');
  return { author, community: community.json<{ name: string }>(), post };
}

describe('read replicas', () => {
  it('run as a streaming replica of the primary, opened beside it', async (context) => {
    // Without a replica the other tests still check where each read goes (the primary stands in for it).
    if (!cluster.replicating) context.skip('no read replica could be started on this machine (see the notice above)');
    const [row] = await replica<{ inRecovery: boolean }[]>`select pg_is_in_recovery() as in_recovery`;
    expect(row?.inRecovery).toBe(true);

    const database = await openDatabase({ url: withDatabase(cluster.primaryUrl, name), replicaUrls: [withDatabase(cluster.replicaUrl, name)], dataDir: '' });
    try {
      expect(database.replicas).toHaveLength(1);
      const [opened] = await database.replicas[0]!<{ inRecovery: boolean }[]>`select pg_is_in_recovery() as in_recovery`;
      expect(opened?.inRecovery).toBe(true);
    } finally {
      await database.close();
    }
  });

  it("sends a visitor's feed, post, comment and profile reads to the replica", async () => {
    const { author, post } = await authorWithPost();
    const visitor = await new Browser(app).open();
    const reads = [
      '/api/posts',
      `/api/posts/${post.publicId}`,
      `/api/posts/${post.publicId}/comments`,
      `/api/users/${author.username}`,
      `/api/users/${author.username}/feed`,
    ];
    for (const url of reads) {
      clearLogs();
      const answer = await visitor.get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(replicaLog.length, url).toBeGreaterThan(0);
      // The statements of the read itself never reach the primary (only the session lookup does).
      expect(primaryLog.filter((query) => replicaLog.includes(query)), url).toEqual([]);
    }
  });

  it('keeps other reads on the primary: the route decides', async () => {
    const visitor = await new Browser(app).open();
    for (const url of ['/api/_initial', '/api/communities']) {
      clearLogs();
      expect((await visitor.get(url)).statusCode, url).toBe(200);
      expect(replicaLog, url).toEqual([]);
      expect(primaryLog.length, url).toBeGreaterThan(0);
    }
  });

  it('sends writes to the primary, and the writer reads them back from it while another visitor reads the lagging replica', async () => {
    const { author, community } = await authorWithPost();
    const visitor = await new Browser(app).open();
    // Replay is paused: the replica cannot have what is written now.
    if (cluster.replicating) await replica`select pg_wal_replay_pause()`;
    let publicId: string;
    try {
      clearLogs();
      const created = await author.browser.post('/api/posts', { title: 'Written just now', community: community.name });
      expect(created.statusCode).toBe(201);
      publicId = created.json<{ publicId: string }>().publicId;
      expect(replicaLog).toEqual([]);
      expect(primaryLog.some((query) => /insert into posts/i.test(query))).toBe(true);
      const marker = created.cookies.find((cookie) => cookie.name === RECENT_WRITE_COOKIE);
      expect(marker).toMatchObject({ maxAge: RECENT_WRITE_SECONDS, httpOnly: true, path: '/' });

      clearLogs();
      const own = await author.browser.get(`/api/posts/${publicId}`);
      expect(own.statusCode).toBe(200);
      expect(own.json<{ title: string }>().title).toBe('Written just now');
      const ownFeed = await author.browser.get(`/api/users/${author.username}/feed`);
      expect(ownFeed.body).toContain('Written just now');
      expect(replicaLog).toEqual([]);

      // Another server process honours the marker too: it is all in the request.
      const session = { sid: author.browser.cookie('sid') ?? '' };
      const elsewhere = await other.inject({ method: 'GET', url: `/api/posts/${publicId}`, cookies: { ...session, [RECENT_WRITE_COOKIE]: '1' } });
      expect(elsewhere.statusCode).toBe(200);
      expect(replicaLog).toEqual([]);
      const withoutMarker = await other.inject({ method: 'GET', url: `/api/posts/${publicId}`, cookies: session });
      expect(withoutMarker.statusCode).toBe(cluster.replicating ? 404 : 200);
      expect(replicaLog.length).toBeGreaterThan(0);

      clearLogs();
      const visitorsRead = await visitor.get(`/api/posts/${publicId}`);
      expect(replicaLog.length).toBeGreaterThan(0);
      expect(visitorsRead.statusCode).toBe(cluster.replicating ? 404 : 200);
      expect(visitor.cookie(RECENT_WRITE_COOKIE)).toBeUndefined();
    } finally {
      if (cluster.replicating) await replica`select pg_wal_replay_resume()`;
    }
    await eventually(async () => (await visitor.get(`/api/posts/${publicId}`)).statusCode === 200, 'the visitor sees the post once replayed');
  });

  it('answers a failed write without the marker', async () => {
    const { author } = await authorWithPost();
    const writer = await new Browser(app).open();
    const refused = await writer.post('/api/posts', { title: 'No community', community: 'no_such_place' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.cookies.find((cookie) => cookie.name === RECENT_WRITE_COOKIE)).toBeUndefined();
    expect(author.browser.cookie(RECENT_WRITE_COOKIE)).toBe('1');
  });
});

describe('DATABASE_REPLICA_URLS', () => {
  const primaryUrl = 'postgres://app@db-primary:5432/quorum';

  it('is read as a comma-separated list, empty by default', () => {
    expect(loadConfig({ DATABASE_URL: primaryUrl }).databaseReplicaUrls).toEqual([]);
    expect(loadConfig({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URLS: ' postgres://app@r1/quorum, postgresql://app@r2/quorum ,' }).databaseReplicaUrls)
      .toEqual(['postgres://app@r1/quorum', 'postgresql://app@r2/quorum']);
  });

  it('is refused without a primary or with something else than Postgres URLs', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://app@r1/quorum' })).toThrow('DATABASE_REPLICA_URLS needs DATABASE_URL');
    expect(() => loadConfig({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URLS: 'r1:5432' })).toThrow('comma-separated list of postgres:// URLs');
  });
});
