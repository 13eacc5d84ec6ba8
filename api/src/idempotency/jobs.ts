// The hourly deletion of expired idempotency keys.
import type { Sql } from '../db/connect.ts';
import { deleteExpiredKeys } from './queries.ts';

export const JOB_EXPIRED_IDEMPOTENCY_KEYS = 'delete_expired_idempotency_keys';

export function idempotencyJobHandlers(sql: Sql) {
  return {
    [JOB_EXPIRED_IDEMPOTENCY_KEYS]: async () => {
      await deleteExpiredKeys(sql);
    },
  };
}
