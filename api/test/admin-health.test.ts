// GET /api/_admin/health: the admin's view of the site's health, on either database.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SiteHealth } from '@quorum/shared/entities/site';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { makeAdmin, visitor, type SignedUp } from './helpers/factories.ts';

let t: TestApp;
let dataDir: string;
let admin: SignedUp;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quorum-health-'));
  await mkdir(join(dataDir, 'images', 'ab'), { recursive: true });
  await writeFile(join(dataDir, 'images', 'ab', 'abcdef.jpeg'), Buffer.alloc(1500));
  await writeFile(join(dataDir, 'images', 'ab', 'abcdef-tiny.webp'), Buffer.alloc(500));
  t = await buildTestApp({ dataDir, backupIntervalHours: 24, databaseUrl: undefined });
  admin = await makeAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function health(): Promise<SiteHealth> {
  const response = await admin.browser.get('/api/_admin/health');
  expect(response.statusCode).toBe(200);
  return response.json<SiteHealth>();
}

it('tells admins how the database, the job queue, the requests, the images and the backups are doing', async () => {
  const before = await health();
  expect(before).toMatchObject({
    version: '1.0.0',
    database: { answering: true },
    jobs: { running: true },
    imageBytes: 2000,
    backups: { scheduled: true, lastAt: null },
  });
  expect(before.database.bytes).toBeGreaterThan(0);
  expect(before.database.latencyMs).toBeGreaterThanOrEqual(0);
  expect(Date.parse(before.startedAt)).toBeLessThanOrEqual(Date.now());

  const someone = await visitor(t);
  for (let i = 0; i < 3; i++) expect((await someone.get('/api/posts?sort=latest')).statusCode).toBe(200);
  await mkdir(join(dataDir, 'backups', 'quorum-20261127t0700z'), { recursive: true });

  const after = await health();
  expect(after.lastHour.requests).toBeGreaterThanOrEqual(before.lastHour.requests + 4);
  expect(after.lastHour.p95Ms).toBeGreaterThan(0);
  expect(after.backups.lastAt).toBe('2026-11-27T07:00:00.000Z');
});

it('is for admins only', async () => {
  expect((await (await visitor(t)).get('/api/_admin/health')).statusCode).toBe(401);
});
