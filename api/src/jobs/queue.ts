import { PgBoss, type JobResult, type JobWithMetadata, type SendOptions } from 'pg-boss';
import type { Sql } from '../db/connect.ts';
import { countJobFailure, type QueueReading } from '../metrics/metrics.ts';
import { bossDatabase } from './boss-db.ts';

/** What a request or a job may ask to run later. */
export interface Jobs {
  send(name: string, data: object, options?: SendOptions): Promise<void>;
  /** Whether the queue's workers are taking jobs (the health check asks). */
  running(): boolean;
  /** How many jobs each queue holds and how long its oldest ready one has waited (the metrics and the admin's health page). */
  read(): Promise<QueueReading[]>;
}

export interface JobQueue extends Jobs {
  /** False once the queue has stopped (asked to, or after losing its database for good). */
  running(): boolean;
  /** Stops taking jobs, lets running ones finish (up to a few seconds) and lets go of the database. */
  stop(): Promise<void>;
}

interface Logger {
  error(object: object, message: string): void;
}

// A failing job is tried again with a growing delay (2 s, 4 s, 8 s… at most 10 minutes) before it
// is given up. A job still running after 5 minutes counts as failed (its worker died).
const QUEUE_OPTIONS = { retryLimit: 8, retryDelay: 2, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 300 };

/** The longest the queue waits to stop: running jobs get 5 s, the database the rest. */
const STOP_WAIT_MS = 7_000;

/** Jobs a worker takes at once; they run one after the other, keeping the database's load modest. */
const BATCH_SIZE = 20;

function options(sql: Sql) {
  // The embedded database is one connection: the queue knows it and keeps to it.
  return { backend: sql.options.max === 1 ? ('pglite' as const) : ('postgres' as const), schedule: false };
}

/**
 * Creates or upgrades the job queue's tables (schema `pgboss`). Run with the migrations, so that
 * starting the queue later only checks them.
 */
export async function installJobQueue(sql: Sql): Promise<void> {
  const db = bossDatabase(sql);
  const boss = new PgBoss({ db, ...options(sql), supervise: false });
  try {
    await boss.start();
    await boss.stop({ graceful: false, close: false });
  } finally {
    await db.close();
  }
}

/** Handles one job's data; throwing makes the job retry. */
export type JobHandler = (data: never) => Promise<void>;

/**
 * A queue whose jobs each wait on someone else (a push service, say): they run side by side, in
 * a few workers, and jobs sent with the same `group` (a user) take at most one of the running
 * places at a time, so one group's slow or failing jobs do not hold up the others'.
 */
export interface FairHandler {
  handle: JobHandler;
  fair: true;
}

export type JobHandlers = Record<string, JobHandler | FairHandler>;

/** Workers of a fair queue in each process. */
const FAIR_WORKERS = 3;

/**
 * Starts the durable job queue: jobs are rows in Postgres, so they survive a restart; each queue
 * named in `handlers` gets one worker (a fair one three) that polls every `pollMs` while idle.
 */
export async function startJobQueue(
  sql: Sql,
  handlers: JobHandlers,
  { pollMs, log }: { pollMs: number; log: Logger },
): Promise<JobQueue> {
  const db = bossDatabase(sql);
  const boss = new PgBoss({ db, ...options(sql), superviseIntervalSeconds: 60, monitorIntervalSeconds: 60 });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  let stopped = false;
  boss.on('stopped', () => (stopped = true));
  await boss.start();
  for (const [name, handler] of Object.entries(handlers)) {
    await boss.createQueue(name, QUEUE_OPTIONS);
    const fair = typeof handler !== 'function';
    const handle = fair ? handler.handle : handler;
    const run = async (job: JobWithMetadata<object>): Promise<JobResult> => {
      try {
        await handle(job.data as never);
        return { id: job.id, status: 'completed' };
      } catch (err) {
        log.error({ err, job: name }, 'job failed');
        countJobFailure(name, job.retryCount >= job.retryLimit);
        return { id: job.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } };
      }
    };
    // Jobs come in batches, fetched back to back while there is a backlog; each job of a batch
    // succeeds or fails (and is retried) on its own.
    const work = {
      pollingIntervalSeconds: pollMs / 1000, batchSize: BATCH_SIZE, burstWhenBatchFull: true, perJobResults: true, includeMetadata: true,
      ...(fair && { localConcurrency: FAIR_WORKERS, localGroupConcurrency: 1 }),
    } as const;
    await boss.work(name, work, async (jobs: JobWithMetadata<object>[]) => {
      if (fair) return Promise.all(jobs.map(run));
      // A batch does not come in the order its jobs were sent: a user's welcome must be told
      // before the reply that came after it.
      const inOrder = [...jobs].sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
      const results: JobResult[] = [];
      for (const job of inOrder) results.push(await run(job));
      return results;
    });
  }
  const names = Object.keys(handlers);
  return {
    running: () => !stopped,
    read: () => readQueues(boss, names),
    async send(name, data, sendOptions) {
      await boss.send(name, data, sendOptions ?? {});
    },
    async stop() {
      stopped = true;
      // A database that went away cannot be told that the queue stopped: give up waiting then.
      let timer: NodeJS.Timeout | undefined;
      const givenUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)));
      await Promise.race([boss.stop({ graceful: true, timeout: 5_000, close: false }), givenUp]);
      clearTimeout(timer);
      await Promise.race([db.close(), givenUp]);
    },
  };
}

/** Jobs looked at per queue to find the one that has waited longest (the oldest few sent). */
const OLDEST_LOOKED_AT = 20;

/**
 * The counts are pg-boss's own, kept on its queue table and refreshed by its monitor (once a
 * minute here), so reading them costs one small statement. The wait is measured from the oldest
 * jobs still queued: how long since each could first run (sent, or its start or retry time came).
 */
async function readQueues(boss: PgBoss, names: string[]): Promise<QueueReading[]> {
  const queues = await boss.getQueues(names);
  const now = Date.now();
  return Promise.all(queues.map(async (queue) => {
    const oldest = await boss.findJobs(queue.name, { queued: true, limit: OLDEST_LOOKED_AT });
    const waits = oldest
      .map((job) => now - Math.max(job.createdOn.getTime(), job.startAfter.getTime()))
      .filter((wait) => wait >= 0);
    return {
      queue: queue.name,
      queued: queue.queuedCount,
      active: queue.activeCount,
      oldestSeconds: waits.length > 0 ? Math.max(...waits) / 1000 : 0,
    };
  }));
}
