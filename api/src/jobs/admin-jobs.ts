// The background jobs of site administration: deleting a banned user's content, and the hourly
// ones (recording the site statistics, deleting expired idempotency keys), run once an hour
// across every process and machine.
import type { FastifyBaseLogger } from 'fastify';
import { purgeUserComments, purgeUserPosts } from '../admin/queries.ts';
import { recordSiteStats } from '../analytics/bss.ts';
import type { Sql } from '../db/connect.ts';
import { deleteExpiredKeys } from '../idempotency/queries.ts';
import type { Jobs } from './queue.ts';

const JOB_DELETE_USER_CONTENT = 'delete_user_content';
const JOB_SITE_STATS = 'site_stats';
const JOB_EXPIRED_IDEMPOTENCY_KEYS = 'delete_expired_idempotency_keys';
const HOUR_MS = 60 * 60 * 1000;

export interface UserContentDeletion {
  userId: string;
  adminId: string;
  /** ISO time: content created from then on is deleted; null for all of it. */
  since: string | null;
}

/** The background half of a ban with content deletion: one transaction, safe to run again. */
export async function deleteUserContent(sql: Sql, job: UserContentDeletion): Promise<void> {
  const since = job.since ? new Date(job.since) : null;
  await sql.begin(async (tx) => {
    await purgeUserPosts(tx, job.userId, job.adminId, since);
    await purgeUserComments(tx, job.userId, job.adminId, since);
  });
}

export async function queueUserContentDeletion(jobs: Jobs, job: UserContentDeletion): Promise<void> {
  await jobs.send(JOB_DELETE_USER_CONTENT, job);
}

/**
 * Queues recording the statistics of the hour `hour` (an ISO time); one job per hour however
 * many processes ask (the key and the hour's slot are unique together), and the event itself is
 * recorded once an hour even if clocks disagree around the hour's turn.
 */
export async function queueSiteStats(jobs: Jobs, hour: string): Promise<void> {
  await jobs.send(JOB_SITE_STATS, { hour }, { singletonKey: hour, singletonSeconds: HOUR_MS / 1000 });
}

/** Queues deleting the expired idempotency keys, once in the hour `hour` however many processes ask. */
async function queueExpiredKeysDeletion(jobs: Jobs, hour: string): Promise<void> {
  await jobs.send(JOB_EXPIRED_IDEMPOTENCY_KEYS, {}, { singletonKey: hour, singletonSeconds: HOUR_MS / 1000 });
}

/** How often a process asks for the current hour's jobs; the first ask of an hour queues them. */
const HOURLY_ASK_EVERY_MS = 5 * 60 * 1000;

/**
 * Queues the jobs of the current hour now and every few minutes, so that each hour's jobs run soon
 * after it begins whichever process is up; answers the function that stops it.
 */
export function startHourlyJobs(jobs: Jobs, log: FastifyBaseLogger): () => void {
  const ask = () => {
    const hour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS).toISOString();
    queueSiteStats(jobs, hour).catch((err: unknown) => log.error({ err }, 'queueing site statistics failed'));
    queueExpiredKeysDeletion(jobs, hour).catch((err: unknown) => log.error({ err }, 'queueing the deletion of expired idempotency keys failed'));
  };
  ask();
  const timer = setInterval(ask, HOURLY_ASK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export function adminJobHandlers(sql: Sql) {
  return {
    [JOB_DELETE_USER_CONTENT]: async (job: UserContentDeletion) => deleteUserContent(sql, job),
    [JOB_SITE_STATS]: async ({ hour }: { hour: string }) => recordSiteStats(sql, new Date(hour)),
    [JOB_EXPIRED_IDEMPOTENCY_KEYS]: async () => {
      await deleteExpiredKeys(sql);
    },
  };
}
