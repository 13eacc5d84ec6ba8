import type { FastifyInstance } from 'fastify';
import type { Sql } from '../db/connect.ts';
import { watchJobQueue } from '../metrics/metrics.ts';
import { startJobQueue, type JobHandlers, type JobQueue, type Jobs } from './queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues background work (see jobs/queue.ts); available once the app is ready. */
    jobs: Jobs;
  }
}

/**
 * Gives the app its job queue: it starts when the app is ready (the server listening, or a test's
 * `ready()`) and stops, letting running jobs finish, when the app closes.
 */
export function registerJobQueue(
  app: FastifyInstance,
  sql: Sql,
  handlers: (jobs: Jobs) => JobHandlers,
  pollMs: number,
): void {
  let queue: JobQueue | undefined;
  const jobs: Jobs = {
    send: (name, data, options) => {
      if (!queue) throw new Error('the job queue is not started');
      return queue.send(name, data, options);
    },
    running: () => queue?.running() ?? false,
    read: () => (queue?.running() ? queue.read() : Promise.resolve([])),
  };
  app.decorate('jobs', jobs);
  let unwatch = () => {};
  app.addHook('onReady', async () => {
    const started = await startJobQueue(sql, handlers(jobs), { pollMs, log: app.log });
    queue = started;
    unwatch = watchJobQueue(async () => {
      return jobs.read().catch((err: unknown) => {
        app.log.warn({ err }, 'reading the job queue for the metrics failed');
        return [];
      });
    });
  });
  app.addHook('onClose', async () => {
    unwatch();
    await queue?.stop();
    queue = undefined;
  });
}
