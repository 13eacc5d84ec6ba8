// GET /api/_health, on either database.
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import healthRoutes from '../src/health/routes.ts';
import { setErrorHandler } from '../src/http/error-handler.ts';
import type { Jobs } from '../src/jobs/queue.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimit: true });
});
afterAll(() => t.close());

it('answers 200 once the database answers', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/_health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok' });
});

it('is not held to the global rate limit that other API calls are', async () => {
  const other = await t.app.inject({ method: 'GET', url: '/api/_initial', remoteAddress: '10.7.7.7' });
  expect(other.headers['x-ratelimit-limit']).toBe('600');

  const statuses = new Set<number>();
  for (let i = 0; i < 601; i++) {
    const response = await t.app.inject({ method: 'GET', url: '/api/_health', remoteAddress: '10.7.7.7' });
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    statuses.add(response.statusCode);
  }
  expect([...statuses]).toEqual([200]);
});

it('answers 503 while the job queue is not running', async () => {
  // The health routes alone, on the real database, beside a queue that has stopped.
  const app = Fastify();
  setErrorHandler(app);
  const jobs: Jobs = { send: async () => {}, running: () => false, read: async () => [] };
  await app.register(healthRoutes, { sql: t.sql, jobs, prefix: '/api' });
  try {
    const response = await app.inject({ method: 'GET', url: '/api/_health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 503, code: 'service_unavailable', message: 'The job queue is not running.' });
  } finally {
    await app.close();
  }
});

it('counts a closed app’s queue as not running', async () => {
  const other = await buildTestApp();
  expect(other.app.jobs.running()).toBe(true);
  await other.close();
  expect(other.app.jobs.running()).toBe(false);
});
