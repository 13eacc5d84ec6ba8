// The server's Prometheus metrics, in one registry. Counting is a few increments in memory and
// costs the same whether anyone scrapes or not; what needs work (the job queue's depth, the
// process's memory and event loop) is read only when the metrics listener is asked for it, and
// only in a process started with METRICS_PORT.
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();

const httpRequests = new Counter({
  name: 'quorum_http_requests_total',
  help: 'HTTP requests answered, by route pattern (unmatched for none), method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

const httpDuration = new Histogram({
  name: 'quorum_http_request_duration_seconds',
  help: 'Time from receiving a request to answering it, by route pattern and method.',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** The label of requests the router matched to no route (unknown paths, the web app's pages). */
export const UNMATCHED_ROUTE = 'unmatched';

const MINUTE_MS = 60_000;
/** Upper bounds of the latency steps the last hour's requests are counted in, in seconds. */
const RECENT_BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, Infinity];

interface MinuteCounts {
  minute: number;
  requests: number;
  serverErrors: number;
  /** Requests per latency step of RECENT_BOUNDS. */
  steps: number[];
}

/** The last hour of this process's requests, a slot per minute, for the admin's health page. */
const recentMinutes: MinuteCounts[] = [];

function countRecent(status: number, seconds: number, now = Date.now()): void {
  const minute = Math.floor(now / MINUTE_MS);
  let slot = recentMinutes.at(-1);
  if (slot?.minute !== minute) {
    slot = { minute, requests: 0, serverErrors: 0, steps: RECENT_BOUNDS.map(() => 0) };
    recentMinutes.push(slot);
    while (recentMinutes.length > 0 && recentMinutes[0]!.minute <= minute - 60) recentMinutes.shift();
  }
  slot.requests += 1;
  if (status >= 500) slot.serverErrors += 1;
  slot.steps[RECENT_BOUNDS.findIndex((bound) => seconds <= bound)]! += 1;
}

export interface LastHour {
  requests: number;
  serverErrors: number;
  /** The latency step 95% of the requests finished within, in seconds (an upper bound); null without requests. */
  p95Seconds: number | null;
}

/** This process's requests of the last 60 minutes. */
export function lastHourOfRequests(now = Date.now()): LastHour {
  const minute = Math.floor(now / MINUTE_MS);
  const slots = recentMinutes.filter((slot) => slot.minute > minute - 60);
  const requests = slots.reduce((sum, slot) => sum + slot.requests, 0);
  const serverErrors = slots.reduce((sum, slot) => sum + slot.serverErrors, 0);
  if (requests === 0) return { requests, serverErrors, p95Seconds: null };
  let seen = 0;
  const step = RECENT_BOUNDS.findIndex((_, index) => {
    seen += slots.reduce((sum, slot) => sum + slot.steps[index]!, 0);
    return seen >= requests * 0.95;
  });
  // Past the last finite bound the step says only "more than 10 s".
  return { requests, serverErrors, p95Seconds: RECENT_BOUNDS[step] === Infinity ? RECENT_BOUNDS.at(-2)! : RECENT_BOUNDS[step]! };
}

/** Counts one answered request; `route` is the matched route's pattern, never the address asked for. */
export function countRequest(route: string | undefined, method: string, status: number, seconds: number): void {
  const labels = { route: route ?? UNMATCHED_ROUTE, method };
  httpRequests.inc({ ...labels, status: String(status) });
  httpDuration.observe(labels, seconds);
  countRecent(status, seconds);
}

/** Why a request failed on the database: it could not be reached, a statement ran out of time, or a statement failed. */
export type DatabaseErrorKind = 'unreachable' | 'timeout' | 'query';

const databaseErrors = new Counter({
  name: 'quorum_db_errors_total',
  help: 'Requests answered 5xx because of the database: unreachable, timeout (statement timeout) or query (any other database error).',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export function countDatabaseError(kind: DatabaseErrorKind): void {
  databaseErrors.inc({ kind });
}

const visitorCache = new Counter({
  name: 'quorum_visitor_cache_lookups_total',
  help: "Lookups of the visitors' shared answers (feeds, posts, threads): hit when a kept one served, miss when it was computed.",
  labelNames: ['result'] as const,
  registers: [registry],
});

export function countVisitorCacheLookup(hit: boolean): void {
  visitorCache.inc({ result: hit ? 'hit' : 'miss' });
}

const rateLimitRefusals = new Counter({
  name: 'quorum_rate_limit_refusals_total',
  help: 'Requests refused 429 by a rate limit, by the name of the limit (global, login, notFound, …).',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export function countRateLimitRefusal(limit: string): void {
  rateLimitRefusals.inc({ limit });
}

/** What became of one push to one device: delivered, to be tried again, or its subscription dropped for good. */
export type PushOutcome = 'sent' | 'failed' | 'dropped';

const pushes = new Counter({
  name: 'quorum_pushes_total',
  help: 'Pushes to one device: sent (the push service took it), failed (retried later) or dropped (subscription gone or refused, deleted).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export function countPush(outcome: PushOutcome): void {
  pushes.inc({ outcome });
}

// Mail: the server sends none yet. Its counters (mails sent, failed) belong here beside the pushes.

const jobFailures = new Counter({
  name: 'quorum_job_failures_total',
  help: 'Job runs that failed, by queue; final="true" when the job will not be retried.',
  labelNames: ['queue', 'final'] as const,
  registers: [registry],
});

export function countJobFailure(queue: string, final: boolean): void {
  jobFailures.inc({ queue, final: String(final) });
}

/** One queue of the job queue as read at a scrape. */
export interface QueueReading {
  queue: string;
  /** Jobs waiting: ready to run, or waiting for their start (a retry's delay). */
  queued: number;
  active: number;
  /** Seconds the longest-waiting job ready to run has waited since it could run; 0 for none. */
  oldestSeconds: number;
}

let readQueues: (() => Promise<QueueReading[]>) | undefined;
let lastReading: { at: number; readings: Promise<QueueReading[]> } | undefined;

/** The readings of one scrape: the gauges below each ask, and share one read of the database. */
function queueReadings(): Promise<QueueReading[]> {
  const now = Date.now();
  if (!readQueues) return Promise.resolve([]);
  if (!lastReading || now - lastReading.at > 1_000) lastReading = { at: now, readings: readQueues() };
  return lastReading.readings;
}

/**
 * A gauge per queue set from the readings at each scrape. Every process of several reads the same
 * database: the highest reading is the queue's, not their sum.
 */
function queueGauge(name: string, help: string, value: (reading: QueueReading) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ['queue'] as const,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.reset();
      for (const reading of await queueReadings()) this.set({ queue: reading.queue }, value(reading));
    },
  });
}

queueGauge(
  'quorum_job_queue_depth',
  'Jobs waiting in each queue, as the job queue last counted them (about once a minute).',
  (reading) => reading.queued,
);
queueGauge('quorum_job_queue_active', 'Jobs running in each queue, as the job queue last counted them.', (reading) => reading.active);
queueGauge(
  'quorum_job_queue_oldest_seconds',
  'Seconds the longest-waiting job ready to run in each queue has waited.',
  (reading) => reading.oldestSeconds,
);

/** Makes the job queue's gauges read `read` at each scrape; answers the function that stops it. */
export function watchJobQueue(read: () => Promise<QueueReading[]>): () => void {
  readQueues = read;
  lastReading = undefined;
  return () => {
    if (readQueues === read) readQueues = undefined;
    lastReading = undefined;
  };
}

let processMetrics = false;

/** Adds the process's own metrics (memory, CPU, event-loop lag, garbage collection) to the registry, once. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

/**
 * In a worker of several: answers the primary's requests for this process's metrics (over the
 * cluster's IPC channel), which it adds up with the other workers'.
 */
export function reportToPrimary(): void {
  collectProcessMetrics();
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what makes prom-client listen for the primary's requests in a worker.
  new AggregatorRegistry();
}

/** In the primary of several workers: the metrics of every worker, added up. */
export function workersMetrics(): { contentType: string; read(): Promise<string> } {
  const aggregator = new AggregatorRegistry();
  return { contentType: aggregator.contentType, read: () => aggregator.clusterMetrics() };
}
