import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimit: true });
});
afterAll(() => t.close());

it('answers 429 JSON once a client passes the login limit', async () => {
  const browser = await new Browser(t.app, '10.1.2.3').open();
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    statuses.push((await browser.post('/api/_login', { username: 'nobody_here', password: 'wrong password' })).statusCode);
  }
  expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
  const last = await browser.post('/api/_login', { username: 'nobody_here', password: 'wrong password' });
  expect(last.statusCode).toBe(429);
  expect(last.json()).toEqual({ status: 429, code: 'rate_limited', message: 'Too many requests. Please slow down.' });

  const elsewhere = await new Browser(t.app, '10.9.9.9').open();
  expect((await elsewhere.post('/api/_login', { username: 'nobody_here', password: 'wrong password' })).statusCode).toBe(401);
});

it('limits sign-ups per address', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const browser = await new Browser(t.app, '10.4.4.4').open();
    statuses.push((await browser.post('/api/_signup', { username: `limited_${i}_${Date.now() % 1e6}`, password: 'password1' })).statusCode);
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
});
