import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { Browser, buildTestApp, signUp, uniqueName, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimit: true });
});
afterAll(() => t.close());

it('answers 429 JSON once a client passes the login limit', async () => {
  const browser = await new Browser(t.app, '10.1.2.3').open();
  const attempt = (b: Browser, i: number) => b.post('/api/_login', { username: `nobody_${i}`, password: 'wrong password' });
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await attempt(browser, i)).statusCode);
  expect(statuses.every((s) => s === 401)).toBe(true);
  const last = await attempt(browser, 10);
  expect(last.statusCode).toBe(429);
  expect(last.json()).toEqual({ status: 429, code: 'rate_limited', message: 'Too many requests. Please slow down.' });

  const elsewhere = await new Browser(t.app, '10.9.9.9').open();
  expect((await attempt(elsewhere, 11)).statusCode).toBe(401);
});

it('limits sign-ups per address', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const browser = await new Browser(t.app, '10.4.4.4').open();
    statuses.push((await browser.post('/api/_signup', { username: `limited_${i}_${Date.now() % 1e6}`, password: 'password1' })).statusCode);
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
});

describe('failed logins per username', () => {
  it('locks a username after 10 failures from any addresses, the right password included, and no other', async () => {
    const { username, password } = await signUp(t.app, uniqueName('target'));
    for (let i = 0; i < 10; i++) {
      const browser = await new Browser(t.app, `10.20.0.${i + 1}`).open();
      const name = i % 2 === 0 ? username : username.toUpperCase();
      expect((await browser.post('/api/_login', { username: name, password: 'wrong password' })).statusCode).toBe(401);
    }
    const fresh = await new Browser(t.app, '10.20.1.1').open();
    const locked = await fresh.post('/api/_login', { username, password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: 429, code: 'rate_limited', message: 'Too many requests. Please slow down.' });

    const other = await signUp(t.app, uniqueName('other'));
    expect((await fresh.post('/api/_login', { username: other.username, password: other.password })).statusCode).toBe(200);
  });

  it('does not count successful logins', async () => {
    const { username, password } = await signUp(t.app, uniqueName('often'));
    for (let i = 0; i < 12; i++) {
      const browser = await new Browser(t.app, `10.21.0.${i + 1}`).open();
      expect((await browser.post('/api/_login', { username, password })).statusCode).toBe(200);
    }
  });
});

it('limits uploads of community icons and banners', async () => {
  const browser = await new Browser(t.app, '10.30.0.1').open();
  for (const path of ['pro_pic', 'banner_image']) {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await browser.post(`/api/communities/some-id/${path}`)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 401), path).toBe(true);
    expect(statuses[20], path).toBe(429);
  }
});

describe('client addresses behind proxies', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ rateLimit: true, trustProxy: 1 });
  });
  afterAll(() => proxied.close());

  const failLogin = (browser: Browser, i: number, forwardedFor: string) =>
    browser.request('POST', '/api/_login', {
      body: { username: `nobody_${i}`, password: 'wrong password' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('takes the address the proxy added, never the one the client claims', async () => {
    const browser = await new Browser(proxied.app, '10.0.0.1').open();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await failLogin(browser, i, `192.0.2.${i + 1}, 198.51.100.9`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect((await failLogin(browser, 99, '198.51.100.10')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const browser = await new Browser(t.app, '10.40.0.1').open();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await failLogin(browser, i, `192.0.2.${i + 1}`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, and refuses "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});
