// GET /api/_health, on either database.
import { afterAll, beforeAll, expect, it } from 'vitest';
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
