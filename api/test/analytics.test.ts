import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, buildTestApp, signUp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function events(name: string) {
  return t.sql<{ payload: Record<string, unknown> }[]>`select payload from analytics_events where name = ${name} order by created_at`;
}

it('records installed-app use once a day for each user or visitor', async () => {
  const before = (await events('pwa_use')).length;
  const { browser: me } = await signUp(t.app);
  expect((await me.post('/api/analytics', { event: 'pwa_use' })).json()).toEqual({ success: true });
  expect((await me.post('/api/analytics', { event: 'pwa_use' })).statusCode).toBe(200);
  const visitor = await new Browser(t.app, '203.0.113.7').open();
  await visitor.post('/api/analytics', { event: 'pwa_use' });
  await visitor.post('/api/analytics', { event: 'pwa_use' });
  const rows = (await events('pwa_use')).slice(before);
  expect(rows.map((row) => row.payload)).toEqual([{ loggedIn: true }, { loggedIn: false }]);
});

it('stores no user id or address with the event', async () => {
  const { browser: me, username } = await signUp(t.app);
  await me.post('/api/analytics', { event: 'pwa_install' });
  const [row] = await t.sql<{ row: string }[]>`select row_to_json(e)::text as row from analytics_events e where name = 'pwa_install' order by created_at desc limit 1`;
  expect(row?.row).not.toContain(username);
  expect(row?.row).not.toContain('127.0.0.1');
});

it('refuses unknown events and requests without the anti-forgery token', async () => {
  const visitor = await new Browser(t.app).open();
  const unknown = await visitor.post('/api/analytics', { event: 'page_view' });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json().message).toBe('Unknown event.');
  expect((await visitor.post('/api/analytics', { event: 'pwa_use' }, { csrf: false })).statusCode).toBe(403);
});
