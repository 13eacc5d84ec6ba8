// Several API processes against one Postgres database and one Redis, as several machines behind
// a load balancer run them: whichever process answers, the answer is the same. Runs on a real
// Postgres server only (the embedded database serves one process).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { HttpBrowser, startApiProcess, TEST_PORTS, waitFor, type ApiProcess } from './helpers/processes.ts';
import { S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from './helpers/s3-server.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
// Counters of this file only, whatever else shares the Redis.
const prefix = `quorum-test-${randomBytes(4).toString('hex')}:`;

let db: TestDatabase;
let a: ApiProcess;
let b: ApiProcess;
let url: string;
let s3: S3TestServer;
let dataDirs: string[] = [];
const BUCKET = 'quorum-scale-out';
beforeAll(async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    throw new Error(`No Redis answers at ${REDIS_URL}: start one (npm test does) or set TEST_REDIS_URL.`);
  } finally {
    redis.disconnect();
  }
  db = await createTestDatabase(inject('templateDatabase'));
  if (!db.url) throw new Error('These tests need a Postgres server.');
  url = db.url;
  s3 = await startS3Server(BUCKET);
  const env = {
    DATABASE_URL: url, REDIS_URL, REDIS_KEY_PREFIX: prefix, TRUST_PROXY: '1',
    S3_BUCKET: BUCKET, S3_ENDPOINT: s3.endpoint, ...S3_TEST_CREDENTIALS,
  };
  // A data folder each, as on two machines: files one process keeps on its own disk the other cannot serve.
  dataDirs = await Promise.all([mkdtemp(join(tmpdir(), 'quorum-a-')), mkdtemp(join(tmpdir(), 'quorum-b-'))]);
  [a, b] = await Promise.all([
    startApiProcess(TEST_PORTS[0], { ...env, DATA_DIR: dataDirs[0] }),
    startApiProcess(TEST_PORTS[1], { ...env, DATA_DIR: dataDirs[1] }),
  ]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.stop();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await db?.close();
});

let counter = 0;
/** A client from an address of its own, so that per-address limits start from zero. */
function client(): HttpBrowser {
  counter += 1;
  return new HttpBrowser(`10.77.${Math.floor(counter / 250)}.${(counter % 250) + 1}`);
}

async function signUp(browser: HttpBrowser, origin: string, username: string) {
  expect((await browser.get(origin, '/api/_initial')).status).toBe(200);
  const answer = await browser.post(origin, '/api/_signup', { username, password: 'correct horse battery', email: '' });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; username: string };
}

const name = (prefixText: string) => `${prefixText}_${randomBytes(3).toString('hex')}`;

describe('two API processes on one database', () => {
  it('share the generated keys: both hand out the same VAPID public key', async () => {
    const [fromA, fromB] = await Promise.all([new HttpBrowser().get(a.origin, '/api/_initial'), new HttpBrowser().get(b.origin, '/api/_initial')]);
    const key = (answer: { body: unknown }) => (answer.body as { vapidPublicKey: string }).vapidPublicKey;
    expect(key(fromA)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(key(fromB)).toBe(key(fromA));
  });

  it('keep a session made on one working on the other, its anti-forgery token included', async () => {
    const browser = client();
    const username = name('roamer');
    await signUp(browser, a.origin, username);
    const me = await browser.get(b.origin, '/api/_user');
    expect(me.status).toBe(200);
    expect((me.body as { username: string }).username).toBe(username);

    // A write on B with the token A handed out: logging out ends the session on both.
    expect((await browser.post(b.origin, '/api/_login?action=logout')).status).toBe(200);
    expect((await browser.get(a.origin, '/api/_user')).status).toBe(401);
  });

  it('serve an image uploaded through one from the other, out of the shared bucket', async () => {
    const browser = client();
    await signUp(browser, a.origin, name('painter'));
    const data = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 20, g: 140, b: 90 } } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([data], { type: 'image/png' }), 'field.png');
    const upload = await browser.post(a.origin, '/api/_uploads', form);
    expect(upload.status).toBe(201);
    const image = upload.body as { url: string; copies: { url: string }[] };

    for (const address of [image.url, ...image.copies.map((copy) => copy.url)]) {
      const [fromA, fromB] = await Promise.all([fetch(new URL(address, a.origin)), fetch(new URL(address, b.origin))]);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get('content-type')).toMatch(/^image\//);
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    }
  });

  it('count wrong passwords sent to either against one login limit', async () => {
    const username = name('target');
    await signUp(client(), a.origin, username);
    const guesser = client();
    await guesser.get(a.origin, '/api/_initial');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const origin = i % 2 === 0 ? a.origin : b.origin;
      statuses.push((await guesser.post(origin, '/api/_login', { username, password: `wrong ${i}` })).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await guesser.post(b.origin, '/api/_login', { username, password: 'wrong again' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((await guesser.post(a.origin, '/api/_login', { username, password: 'wrong again' })).status).toBe(429);
  });

  it('run each queued job once though both take jobs', async () => {
    const author = client();
    const owner = await signUp(author, a.origin, name('author'));
    await db.sql`update users set points = 100 where id = ${owner.id}`;
    const community = await author.post(a.origin, '/api/communities', { name: name('c'), about: 'A place.' });
    expect(community.status).toBe(201);
    const post = await author.post(a.origin, '/api/posts', { community: (community.body as { name: string }).name, title: 'Counted comments', body: 'Hello.' });
    expect(post.status).toBe(201);
    const publicId = (post.body as { publicId: string }).publicId;

    // Each comment queues one job that adds one to the author's "new comments" notification: a
    // job run twice would count a comment twice.
    const commenter = client();
    await signUp(commenter, b.origin, name('commenter'));
    for (let i = 0; i < 10; i++) {
      const origin = i % 2 === 0 ? a.origin : b.origin;
      expect((await commenter.post(origin, `/api/posts/${publicId}/comments`, { body: `Comment ${i}.` })).status).toBe(201);
    }
    await waitFor('the queue to empty', async () => {
      const [row] = await db.sql<{ count: number }[]>`select count(*)::int from pgboss.job where state in ('created', 'retry', 'active')`;
      return row?.count === 0;
    });
    const page = await author.get(b.origin, '/api/notifications?render=true&format=html');
    const items = (page.body as { items: { type: string; title: string }[] }).items.filter((item) => item.type === 'new_comment');
    expect(items).toHaveLength(1);
    expect(items[0]?.title.startsWith('<b>10 new comments</b>')).toBe(true);
  });

  it('queue each hourly job once per hour, though both ask at start', async () => {
    const perHour = await db.sql<{ name: string; hour: string; jobs: number }[]>`
      select name, singleton_key as hour, count(*)::int as jobs from pgboss.job
      where name in ('site_stats', 'delete_expired_idempotency_keys') group by name, singleton_key`;
    expect(new Set(perHour.map((row) => row.name))).toEqual(new Set(['site_stats', 'delete_expired_idempotency_keys']));
    expect(perHour.map((row) => row.jobs)).toEqual(perHour.map(() => 1));
  });

  it('refuse writes from an address blocked through the other process', async () => {
    const admin = client();
    const adminUser = await signUp(admin, a.origin, name('admin'));
    await db.sql`update users set is_admin = true where id = ${adminUser.id}`;
    const blocked = client();
    await blocked.get(b.origin, '/api/_initial');
    const write = () => blocked.request(b.origin, 'PUT', '/api/notifications/00000000-0000-4000-8000-000000000000', {});
    // B has read the blocks in effect for this write: no block yet, so only the missing login counts.
    expect((await write()).status).toBe(401);

    expect((await admin.post(a.origin, '/api/ipblocks', { address: blocked.ip, expiresIn: null, note: null })).status).toBe(201);
    await waitFor('process B to apply the block', async () => (await write()).status === 403, 10_000);
    expect((await write()).body).toMatchObject({ status: 403, code: 'ip_blocked' });
  });
});

/** The child processes of `pid`. */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

describe('WORKERS=2', () => {
  it('forks two workers serving one port, replaces one that dies, and drains both on SIGTERM', async () => {
    const primary = await startApiProcess(TEST_PORTS[2], {
      PUBLIC_URL: 'http://localhost:3373',
      DATABASE_URL: url,
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      WORKERS: '2',
      // Each worker says when it listens, and when it drains.
      LOG_LEVEL: 'info',
    });
    try {
      await waitFor('both workers to listen', () => primary.output().includes('running at http://localhost:3373 (2 processes'));
      const [first, second] = childrenOf(primary.pid);
      expect(childrenOf(primary.pid)).toHaveLength(2);
      const health = async () => (await fetch(`${primary.origin}/api/_health`)).status;

      // Each worker answers alone while the other is gone.
      process.kill(first ?? 0, 'SIGKILL');
      await waitFor('the primary to see the worker go', () => !childrenOf(primary.pid).includes(first ?? 0));
      expect(await health()).toBe(200);
      await waitFor('a new worker', async () => childrenOf(primary.pid).length === 2 && (await health()) === 200);
      const replacement = childrenOf(primary.pid).find((pid) => pid !== second);
      expect(replacement).toBeDefined();
      await waitFor('the new worker to listen', () => primary.output().split('Server listening').length - 1 >= 3);
      process.kill(second ?? 0, 'SIGKILL');
      await waitFor('the primary to see the other worker go', () => !childrenOf(primary.pid).includes(second ?? 0));
      expect(await health()).toBe(200);
    } finally {
      expect(await primary.stop()).toBe(0);
    }
    expect(primary.output()).toContain('SIGTERM received, shutting down');
  });
});
