import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEventsPage, BssPayload } from '@quorum/shared/entities/analytics';
import type { Post } from '@quorum/shared/entities/posts';
import { recordSiteStats } from '../src/analytics/bss.ts';
import { JOB_SITE_STATS } from '../src/analytics/jobs.ts';
import { queueHourlyJob } from '../src/jobs/hourly.ts';
import { makeAdmin, makeCommunity, makeUser, visitor, type SignedUp } from './helpers/factories.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await buildTestApp({ jobPollMs: 500 });
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

/**
 * Records the statistics as they are now and reads them back through the API. The time is taken a
 * millisecond ahead: a JavaScript time holds milliseconds only, and what was just written may be
 * later within the same millisecond.
 */
async function statsNow(): Promise<BssPayload> {
  await recordSiteStats(t.sql, new Date(Date.now() + 1));
  const page: AnalyticsEventsPage = (await admin.browser.get('/api/analytics/bss')).json();
  const event = page.events[0];
  if (!event) throw new Error('no bss event');
  return JSON.parse(event.payload) as BssPayload;
}

function difference(after: BssPayload, before: BssPayload): BssPayload {
  return Object.fromEntries(Object.entries(after).map(([key, value]) => [key, value - before[key as keyof BssPayload]])) as unknown as BssPayload;
}

describe('the hourly site statistics', () => {
  it('counts sign-ups, installs, notifications turned on, users seen and returning, posts and comments', async () => {
    const before = await statsNow();

    const author = await makeUser(t);
    const newcomer = await makeUser(t);
    const community = await makeCommunity(author.browser);
    const posted = await author.browser.post('/api/posts', { community: community.name, title: 'Counted today', body: 'Text.' });
    const post: Post = posted.json();
    const older = (await author.browser.post('/api/posts', { community: community.name, title: 'Counted this week', body: 'Text.' })).json();
    await t.sql`update posts set created_at = now() - interval '3 days' where id = ${older.id}`;
    await newcomer.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'First.' });
    const oldComment = (await newcomer.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Second.' })).json();
    await t.sql`update comments set created_at = now() - interval '5 days' where id = ${oldComment.id}`;
    await t.sql`update comments set created_at = now() - interval '8 days' where id = ${(await newcomer.browser.post(`/api/posts/${post.publicId}/comments`, { body: 'Old.' })).json().id}`;

    // A member since 10 days seen today, one since 40 days seen 10 days ago.
    const regular = await makeUser(t);
    await t.sql`update users set created_at = now() - interval '10 days' where id = ${regular.user.id}`;
    const lapsed = await makeUser(t);
    await t.sql`update users set created_at = now() - interval '40 days', last_seen = now() - interval '10 days' where id = ${lapsed.user.id}`;

    await newcomer.browser.post('/api/analytics', { event: 'pwa_install' });
    await newcomer.browser.post('/api/analytics', { event: 'notifications_enabled' });
    await newcomer.browser.post('/api/analytics', { event: 'notifications_enabled' });
    await (await visitor(t)).post('/api/analytics', { event: 'pwa_install' });

    const after = await statsNow();
    expect(difference(after, before)).toEqual({
      // author and newcomer signed up today; regular 10 days ago, lapsed 40
      signups: 2,
      pwa_installs: 2,
      notifications_enabled: 1,
      users_day: 3,
      users_week: 3,
      users_month: 4,
      return_users_day: 1,
      return_users_week: 1,
      return_users_month: 1,
      posts_day: 1,
      posts_week: 2,
      comments_day: 1,
      comments_week: 2,
    });
  });

  it('records one event for a given time however often it is asked, and the queued job records the hour', async () => {
    const count = async () => (await t.sql<{ n: number }[]>`select count(*)::int as n from analytics_events where name = 'bss'`)[0]?.n ?? 0;
    const before = await count();
    const at = new Date('2026-01-01T10:00:00Z');
    await recordSiteStats(t.sql, at);
    await recordSiteStats(t.sql, at);
    expect(await count()).toBe(before + 1);

    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    await queueHourlyJob(t.app.jobs, JOB_SITE_STATS, hour);
    const deadline = Date.now() + 20_000;
    while ((await count()) === before + 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await count()).toBe(before + 2);
  });
});

describe('GET /api/analytics/bss', () => {
  it('lists the events newest first in pages, for admins only', async () => {
    for (let i = 0; i < 50; i += 1) await recordSiteStats(t.sql, new Date(Date.UTC(2025, 0, 1, i)));
    const first = await admin.browser.get('/api/analytics/bss');
    expect(first.statusCode).toBe(200);
    const page: AnalyticsEventsPage = first.json();
    expect(page.events).toHaveLength(48);
    // The payload is JSON text, as the reference stores it.
    expect(page.events[0]).toEqual({ id: expect.any(String), createdAt: expect.any(String), payload: expect.any(String) });
    expect(JSON.parse(page.events[0]?.payload ?? '')).toEqual(expect.objectContaining({ users_day: expect.any(Number), comments_week: expect.any(Number) }));
    const times = page.events.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second: AnalyticsEventsPage = (await admin.browser.get(`/api/analytics/bss?next=${page.next}`)).json();
    expect(second.events.length).toBeGreaterThan(0);
    expect(second.events.some((e) => page.events.some((f) => f.id === e.id))).toBe(false);
    expect((await (await makeUser(t)).browser.get('/api/analytics/bss')).statusCode).toBe(403);
    expect((await (await visitor(t)).get('/api/analytics/bss')).statusCode).toBe(401);
  });
});
