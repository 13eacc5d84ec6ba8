// The Prometheus metrics: counted as the app answers over real HTTP, read from the metrics
// listener, labelled by route pattern (never by the address asked for), and never served on the
// public port.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startMetricsListener, type MetricsListener } from '../src/metrics/listener.ts';
import { collectProcessMetrics } from '../src/metrics/metrics.ts';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';
import { insertNotification, queuePush } from '../src/notifications/store.ts';
import { createTestDatabase, testDbKind } from './helpers/database.ts';
import { eventually } from './helpers/eventually.ts';
import { insertCommunity, makePost, makeUser, member } from './helpers/factories.ts';
import { freePort, startApiProcess } from './helpers/processes.ts';
import { startPushEndpoint, subscriberKeys } from './helpers/push-endpoint.ts';

let t: TestApp;
let origin: string;
let metrics: MetricsListener;

beforeAll(async () => {
  t = await buildTestApp({ visitorCacheMs: 60_000, rateLimit: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  collectProcessMetrics();
  metrics = await startMetricsListener({ port: 0, host: '127.0.0.1', log: t.app.log });
});
afterAll(async () => {
  await metrics?.close();
  await t?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of Prometheus's text format. */
function parseSamples(text: string): Sample[] {
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).map((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`Not a sample: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    return { name: match[1]!, labels, value: Number(match[3]) };
  });
}

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const response = await fetch(`${metrics.url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  return { text, samples: parseSamples(text) };
}

/** The sum of the samples named `name` whose labels include `labels`. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

describe('the metrics listener', () => {
  it('counts requests by route pattern, method and status, with their time, and never by address', async () => {
    const community = await insertCommunity(t.sql);
    const author = await member(t, { joins: community.id });
    const post = await makePost(author.browser, community.name, { title: 'Counted' });
    const before = (await scrape()).samples;

    expect((await fetch(`${origin}/api/posts/${post.publicId}`)).status).toBe(200);
    const feed = `${origin}/api/posts?communityId=${community.id}&sort=latest`;
    expect((await fetch(feed)).status).toBe(200);
    expect((await fetch(feed)).status).toBe(200);
    expect((await fetch(`${origin}/api/no-such-thing/${post.publicId}`)).status).toBe(404);

    const { text, samples: after } = await scrape();
    const moved = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('quorum_http_requests_total', { route: '/api/posts/:publicId', method: 'GET', status: '200' })).toBe(1);
    expect(moved('quorum_http_requests_total', { route: '/api/posts', method: 'GET', status: '200' })).toBe(2);
    expect(moved('quorum_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(moved('quorum_http_request_duration_seconds_count', { route: '/api/posts/:publicId', method: 'GET' })).toBe(1);
    expect(moved('quorum_http_request_duration_seconds_bucket', { route: '/api/posts/:publicId', method: 'GET', le: '+Inf' })).toBe(1);
    expect(text).not.toContain(post.publicId);
    expect(text).not.toContain(community.id);

    // The second visitor read the page the first one's request kept.
    expect(moved('quorum_visitor_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(moved('quorum_visitor_cache_lookups_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
  });

  it('reads the job queue per queue, and the process memory and event-loop lag, when scraped', async () => {
    const { samples } = await scrape();
    for (const name of ['quorum_job_queue_depth', 'quorum_job_queue_active', 'quorum_job_queue_oldest_seconds']) {
      const queues = samples.filter((sample) => sample.name === name).map((sample) => sample.labels.queue);
      expect(queues).toEqual(expect.arrayContaining(['notify', 'push-notification', 'announce']));
    }
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.some((sample) => sample.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('counts refusals by rate limits under the limit that refused', async () => {
    const before = (await scrape()).samples;
    // 10 logins a minute from one address, 60 unknown paths.
    const guesser = await new Browser(t.app, '10.61.0.1').open();
    const logins: number[] = [];
    for (let i = 0; i < 11; i++) logins.push((await guesser.post('/api/_login', { username: `nobody_${i}`, password: 'wrong password' })).statusCode);
    expect(logins.at(-1)).toBe(429);
    const prober = new Browser(t.app, '10.61.0.2');
    const probes: number[] = [];
    for (let i = 0; i < 61; i++) probes.push((await prober.get(`/api/probe-${i}`)).statusCode);
    expect(probes.at(-1)).toBe(429);

    const after = (await scrape()).samples;
    const moved = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('quorum_rate_limit_refusals_total', { limit: 'login' })).toBe(1);
    expect(moved('quorum_rate_limit_refusals_total', { limit: 'notFound' })).toBe(1);
    expect(moved('quorum_http_requests_total', { route: '/api/_login', method: 'POST', status: '429' })).toBe(1);
    expect(moved('quorum_http_requests_total', { route: 'unmatched', method: 'GET', status: '429' })).toBe(1);
  });

  it('answers nothing but GET /metrics', async () => {
    expect((await fetch(`${metrics.url}/`)).status).toBe(404);
    expect((await fetch(`${metrics.url}/api/_health`)).status).toBe(404);
    const post = await fetch(`${metrics.url}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('pushes', () => {
  it('are counted one per device: sent, failed (to be retried) or dropped (the subscription is gone)', async () => {
    const pushing = await buildTestApp({ jobPollMs: 500, pushAllowPrivate: true });
    const service = await startPushEndpoint();
    const gone = await startPushEndpoint();
    gone.answer = 410;
    const { p256dh, auth } = subscriberKeys();
    try {
      const before = (await scrape()).samples;
      // Three members' devices: one delivered to, one whose push service forgot it, one that does not answer.
      const pushTo = async (endpoint: string) => {
        const user = await makeUser(pushing);
        const subscribed = await user.browser.post('/api/push_subscriptions', { endpoint: 'https://push.example/sub', keys: { p256dh, auth } });
        expect(subscribed.statusCode).toBe(200);
        await pushing.sql`update push_subscriptions set endpoint = ${endpoint} where user_id = ${user.user.id}`;
        const stored = await insertNotification(pushing.sql, user.user.id, 'new_badge', { userId: user.user.id, badgeType: 'supporter' });
        await queuePush({ sql: pushing.sql, jobs: pushing.app.jobs }, stored);
      };
      await pushTo(service.url('/a'));
      await pushTo(gone.url('/b'));
      await pushTo(`http://127.0.0.1:${await freePort()}/c`);

      const moved = (samples: Sample[], outcome: string) =>
        valueOf(samples, 'quorum_pushes_total', { outcome }) - valueOf(before, 'quorum_pushes_total', { outcome });
      // The job with the failed push fails too, and will be tried again.
      const retried = { queue: 'push-notification', final: 'false' };
      const failedJobs = (samples: Sample[]) => valueOf(samples, 'quorum_job_failures_total', retried) - valueOf(before, 'quorum_job_failures_total', retried);
      const after = await eventually(
        async () => (await scrape()).samples,
        (samples) => moved(samples, 'sent') >= 1 && moved(samples, 'dropped') >= 1 && failedJobs(samples) >= 1,
      );
      expect(moved(after, 'sent')).toBeGreaterThanOrEqual(1);
      expect(moved(after, 'dropped')).toBe(1);
      expect(moved(after, 'failed')).toBeGreaterThanOrEqual(1);
      expect(service.received.map((push) => push.path)).toContain('/a');
      expect(failedJobs(after)).toBeGreaterThanOrEqual(1);
    } finally {
      await service.close();
      await gone.close();
      await pushing.close();
    }
  });
});

describe('the public port', () => {
  it('does not serve the metrics: /metrics is an unknown path like any other', async () => {
    for (const path of ['/metrics', '/api/metrics']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ status: 404, code: 'not_found' });
    }
  });
});

describe.skipIf(testDbKind() !== 'postgres')('several processes (WORKERS=2)', () => {
  it('serve the metrics of every worker, added up, from the primary', async () => {
    const database = await createTestDatabase(inject('templateDatabase'));
    const metricsPort = await freePort();
    const fleet = await startApiProcess(await freePort(), { DATABASE_URL: database.url, WORKERS: '2', METRICS_PORT: String(metricsPort) });
    try {
      // The first worker to listen answers the health check; the other gets a moment to start.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      for (let i = 0; i < 10; i++) {
        const response = await fetch(`${fleet.origin}/api/_initial`);
        expect(response.status).toBe(200);
      }
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      const samples = parseSamples(await response.text());
      // The primary hands connections to the workers in turn: both answered some of these.
      expect(valueOf(samples, 'quorum_http_requests_total', { route: '/api/_initial', method: 'GET', status: '200' })).toBe(10);
      // One version line, however many processes report it; the queue's depth once per queue.
      expect(samples.filter((sample) => sample.name === 'nodejs_version_info')).toHaveLength(1);
      expect(samples.filter((sample) => sample.name === 'quorum_job_queue_depth' && sample.labels.queue === 'notify')).toHaveLength(1);
      expect((await fetch(`${fleet.origin}/metrics`)).status).toBe(404);
    } finally {
      await fleet.stop();
      await database.close();
    }
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('are off by default, and on loopback when on', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.11' }).metricsHost).toBe('10.0.0.11');
  });

  it('refuse a port that is not one, or the public one', () => {
    expect(() => loadConfig({ METRICS_PORT: 'on' })).toThrow('METRICS_PORT must be a whole number, got "on".');
    expect(() => loadConfig({ METRICS_PORT: '0' })).toThrow('METRICS_PORT must be a port number from 1 to 65535, got "0".');
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT must be a port number from 1 to 65535, got "70000".');
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow('METRICS_PORT must differ from PORT');
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow('METRICS_PORT must differ from PORT');
  });
});
