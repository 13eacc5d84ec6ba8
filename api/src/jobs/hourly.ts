// Jobs that run once an hour across every process and machine: each process asks for the current
// hour's run every few minutes, and the queue keeps one job per name and hour.
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from './queue.ts';

const HOUR_MS = 60 * 60 * 1000;
/** How often a process asks for the current hour's jobs; the first ask of an hour queues them. */
const HOURLY_ASK_EVERY_MS = 5 * 60 * 1000;

/** What an hourly job is given: the hour it runs for, an ISO time. */
export interface HourlyJob {
  hour: string;
}

/**
 * Queues job `name` for the hour `hour` (an ISO time); one job per hour however many processes
 * ask (the key and the hour's slot are unique together), even if clocks disagree around the
 * hour's turn.
 */
export async function queueHourlyJob(jobs: Jobs, name: string, hour: string): Promise<void> {
  const job: HourlyJob = { hour };
  await jobs.send(name, job, { singletonKey: hour, singletonSeconds: HOUR_MS / 1000 });
}

/**
 * Queues the jobs `names` for the current hour now and every few minutes, so that each hour's jobs
 * run soon after it begins whichever process is up; answers the function that stops it.
 */
export function startHourlyJobs(jobs: Jobs, log: FastifyBaseLogger, names: readonly string[]): () => void {
  const ask = () => {
    const hour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS).toISOString();
    for (const name of names) {
      queueHourlyJob(jobs, name, hour).catch((err: unknown) => log.error({ err, job: name }, 'queueing an hourly job failed'));
    }
  };
  ask();
  const timer = setInterval(ask, HOURLY_ASK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
