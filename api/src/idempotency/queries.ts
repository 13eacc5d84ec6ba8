import { IDEMPOTENCY_KEY_HOURS } from '@quorum/shared/constants';
import type { Db } from '../db/connect.ts';

/** A first request that has not been answered for this long died with its process: its key is free again. */
export const IN_FLIGHT_ABANDONED_SECONDS = 120;

export interface StoredAnswer {
  fingerprint: string;
  status: number | null;
  body: string | null;
  contentType: string | null;
}

/**
 * Whether a key's claim and answer wait for the disk before they count: 'flushed' for a route whose
 * write does, 'unflushed' for one whose write is acknowledged before its flush (a vote).
 */
export type KeyDurability = 'flushed' | 'unflushed';

/** What a key's statement returns for each row it wrote; 'unflushed' commits its transaction without waiting for the flush. */
const written = (db: Db, durability: KeyDurability) =>
  durability === 'flushed' ? db`1` : db`set_config('synchronous_commit', 'off', true)`;

/**
 * Claims a key for a first request: true when this request may run. An expired key, or one
 * whose first request was abandoned, is taken over.
 */
export async function claimKey(db: Db, userId: string, key: string, fingerprint: string, durability: KeyDurability): Promise<boolean> {
  const rows = await db`
    insert into idempotency_keys (user_id, key, fingerprint)
    values (${userId}, ${key}, ${fingerprint})
    on conflict (user_id, key) do update
      set fingerprint = excluded.fingerprint, status = null, body = null, content_type = null, created_at = now()
      where idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})
         or (idempotency_keys.status is null
             and idempotency_keys.created_at < now() - make_interval(secs => ${IN_FLIGHT_ABANDONED_SECONDS}))
    returning ${written(db, durability)}`;
  return rows.length > 0;
}

export async function getStoredAnswer(db: Db, userId: string, key: string): Promise<StoredAnswer | undefined> {
  const [row] = await db<StoredAnswer[]>`
    select fingerprint, status, body, content_type from idempotency_keys where user_id = ${userId} and key = ${key}`;
  return row;
}

export async function storeAnswer(
  db: Db,
  userId: string,
  key: string,
  answer: Omit<StoredAnswer, 'fingerprint'>,
  durability: KeyDurability,
): Promise<void> {
  await db`
    update idempotency_keys set status = ${answer.status}, body = ${answer.body}, content_type = ${answer.contentType}
    where user_id = ${userId} and key = ${key} and status is null
    returning ${written(db, durability)}`;
}

/** Frees a key whose first request was refused or failed, so that a retry runs it again. */
export async function releaseKey(db: Db, userId: string, key: string): Promise<void> {
  await db`delete from idempotency_keys where user_id = ${userId} and key = ${key} and status is null`;
}

/** Deletes keys older than IDEMPOTENCY_KEY_HOURS; answers how many. */
export async function deleteExpiredKeys(db: Db): Promise<number> {
  const rows = await db`
    delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS}) returning 1`;
  return rows.length;
}
