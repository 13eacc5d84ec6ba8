import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.ts';
import { deleteExpiredKeys } from './queries.ts';

/** How often expired idempotency keys are deleted. */
export const IDEMPOTENCY_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes expired idempotency keys every IDEMPOTENCY_CLEANUP_INTERVAL_MS until the answered stop function is called. */
export function startIdempotencyCleanup(db: Db, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    deleteExpiredKeys(db).then(
      (removed) => removed > 0 && log.info({ removed }, 'removed expired idempotency keys'),
      (err: unknown) => log.error({ err }, 'idempotency key cleanup failed'),
    );
  }, IDEMPOTENCY_CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
