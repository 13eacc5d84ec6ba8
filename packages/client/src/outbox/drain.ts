/**
 * Sending what waits in the outbox, the same way from a tab of the app and from the service
 * worker: one sender at a time (a Web Lock shared by both), each write with its key in the
 * `Idempotency-Key` header so that a write sent twice applies once, oldest first.
 */
import { IDEMPOTENCY_KEY_HEADER } from '@quorum/shared/http-names';
import type { ApiClient } from '../api-client.ts';
import { ApiError } from '../api-error.ts';
import { readEntry, type OutboxEntry } from './store.ts';
import { sendWrite, type OutboxWrite } from './writes.ts';

const LOCK_NAME = 'quorum-outbox';
/** The channel on which the tabs and the worker tell each other of the outbox's changes. */
export const OUTBOX_CHANNEL = 'quorum-outbox';
/** The Background Sync tag under which the worker sends the outbox once the network is back. */
export const OUTBOX_SYNC_TAG = 'quorum-outbox';

/** What goes on the channel: the outbox changed, or a write reached the server with this answer. */
export type OutboxMessage = 'changed' | { type: 'applied'; write: OutboxWrite; answer: unknown };

export function withOutboxLock<T>(task: () => Promise<T>): Promise<T> {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(LOCK_NAME, task) : task();
}

/** Network failures, time-outs, rate limits and server errors pass; the write is sent again later. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** A write refused this way waits for a later send: it could not reach the server, or the user logged out elsewhere. */
export function waitsAfter(error: unknown): boolean {
  return isTransient(error) || (error instanceof ApiError && error.status === 401);
}

/** How a sender keeps the outbox: a tab keeps its own view in step, the worker tells the tabs. */
export interface OutboxKeeper {
  save(entry: OutboxEntry): Promise<void>;
  /** The write reached the server with this answer. */
  delivered(entry: OutboxEntry, answer: unknown): Promise<void>;
}

type Delivery = { sent: true; answer: unknown } | { sent: false; error: unknown };

/** Sends one entry with its key; `error` is null when there was nothing to send. */
export async function deliver(api: ApiClient, keeper: OutboxKeeper, entry: OutboxEntry): Promise<Delivery> {
  // Another sender may have sent it while this one waited for the lock, or found it refused.
  const stored = await readEntry(entry.key);
  if (!stored || stored.state === 'failed' || stored.state === 'sent') return { sent: false, error: null };
  await keeper.save({ ...entry, state: 'sending', error: null });
  let answer: unknown;
  try {
    answer = await sendWrite(api, entry.write, { headers: { [IDEMPOTENCY_KEY_HEADER]: entry.key } });
  } catch (error) {
    return { sent: false, error };
  }
  await keeper.delivered(entry, answer);
  return { sent: true, answer };
}

export interface Drained {
  sent: number;
  /** Stopped at a write that could not reach the server: the rest waits for a later send. */
  waiting: boolean;
}

/**
 * Sends the given pending entries in order. It stops at the first one that cannot reach the server
 * (or a 401) and leaves the rest pending; a write the server refuses becomes `failed`, with its reason.
 */
export async function sendPending(api: ApiClient, keeper: OutboxKeeper, entries: readonly OutboxEntry[]): Promise<Drained> {
  let sent = 0;
  for (const entry of entries) {
    const result = await deliver(api, keeper, entry);
    if (result.sent) sent += 1;
    if (result.sent || result.error === null) continue;
    if (waitsAfter(result.error)) {
      await keeper.save({ ...entry, state: 'pending' });
      return { sent, waiting: true };
    }
    const message = result.error instanceof Error ? result.error.message : String(result.error);
    await keeper.save({ ...entry, state: 'failed', error: message });
  }
  return { sent, waiting: false };
}
