/**
 * The durable outbox: writes that must survive going offline and closing the browser (votes,
 * comments, joins and leaves, mutes, saves to lists). How it fits together:
 *
 * - Each kind of write is described once with `defineWriteKind` (how to send it, how its answer
 *   updates the cache through the entity cache writers, how to name it to the user); its owner
 *   registers it with its mutations (features/<feature>/api/register.ts, listed in app/mutation-defaults.ts).
 * - `submitWrite` stores the write in IndexedDB with a random idempotency key, then sends it at
 *   once when the browser is online. A write that cannot reach the server stays `pending`; a
 *   refusal of a fresh write is thrown back to the form that made it.
 * - `flushOutbox` sends the pending writes of the logged-in user, oldest first, at start, when the
 *   browser comes back online and when the tab becomes visible. Only one tab sends at a time (a
 *   Web Lock). The key goes in the `Idempotency-Key` header, so a write sent twice applies once.
 *   A 401 keeps the writes until that user logs in again; any other refusal marks the write
 *   `failed`, to be retried or discarded by the user.
 * - Screens show pending writes over the cached data (`useOutboxEntries`), so a refetch never
 *   hides them and a failed or discarded write rolls back by itself.
 */
import type { CallOptions } from '@quorum/client/api-client';
import { ApiError } from '@quorum/client/api-error';
import { IDEMPOTENCY_KEY_HEADER } from '@quorum/shared/http-names';
import type { QueryClient } from '@tanstack/react-query';
import { initialOptions } from '../session/get-initial.ts';
import { deleteEntry, readEntries, readEntry, saveEntry, type OutboxEntry, type OutboxWrite } from './outbox-db.ts';

export type { OutboxEntry, OutboxWrite };

const LOCK_NAME = 'quorum-outbox';
const CHANNEL_NAME = 'quorum-outbox';

export interface WriteKind<W extends OutboxWrite, A> {
  send: (write: W, call: CallOptions) => Promise<A>;
  /** Writes the server's answer into the cache. */
  apply: (client: QueryClient, write: W, answer: A) => void;
  /** What the write is, for the outbox's notices ('Your vote on “…”'). */
  describe: (write: W) => string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind checks its own write type
const kinds = new Map<string, WriteKind<any, any>>();

export function defineWriteKind<W extends OutboxWrite, A>(kind: W['kind'], handler: WriteKind<W, A>): void {
  kinds.set(kind, handler);
}

function kindOf(write: OutboxWrite): WriteKind<OutboxWrite, unknown> {
  const handler = kinds.get(write.kind);
  if (!handler) throw new Error(`No write kind '${write.kind}' is defined.`);
  return handler;
}

export function describeWrite(write: OutboxWrite): string {
  return kindOf(write).describe(write);
}

// The entries of this tab's view, kept in step with IndexedDB and the other tabs.
let entries: readonly OutboxEntry[] = [];
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);

/** What the tabs tell each other: the outbox changed, or a write reached the server with this answer. */
type OutboxMessage = 'changed' | { type: 'applied'; write: OutboxWrite; answer: unknown };

function publish(next: readonly OutboxEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function outboxSnapshot(): readonly OutboxEntry[] {
  return entries;
}

/** Reads the outbox from IndexedDB; a write some tab was sending when it closed is pending again. */
export async function loadOutbox(): Promise<void> {
  const stored = await readEntries();
  publish(stored.map((entry) => (entry.state === 'sending' && !entries.some((e) => e.key === entry.key && e.state === 'sending') ? { ...entry, state: 'pending' } : entry)));
}

channel?.addEventListener('message', (event: MessageEvent<OutboxMessage>) => {
  if (event.data === 'changed') void loadOutbox();
});

/**
 * Writes into this tab's cache the answers to writes another tab sent (a vote, a comment, a save),
 * so every open tab shows them without a reload. Answers a function that stops.
 */
export function applyOtherTabsWrites(client: QueryClient): () => void {
  if (!channel) return () => {};
  const onMessage = (event: MessageEvent<OutboxMessage>) => {
    const message = event.data;
    if (typeof message === 'object' && message?.type === 'applied' && kinds.has(message.write.kind)) {
      kindOf(message.write).apply(client, message.write, message.answer);
      // A fetch this tab began before the write reached the server would bring the old state back over it.
      void client.invalidateQueries({ predicate: (query) => query.state.fetchStatus === 'fetching' });
    }
  };
  channel.addEventListener('message', onMessage);
  return () => channel.removeEventListener('message', onMessage);
}

async function store(entry: OutboxEntry): Promise<void> {
  publish([...entries.filter((e) => e.key !== entry.key), entry].sort((a, b) => a.createdAt - b.createdAt));
  await saveEntry(entry);
  channel?.postMessage('changed' satisfies OutboxMessage);
}

async function drop(key: string): Promise<void> {
  publish(entries.filter((e) => e.key !== key));
  await deleteEntry(key);
  channel?.postMessage('changed' satisfies OutboxMessage);
}

function withLock<T>(task: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request(LOCK_NAME, task) : task();
}

/** Network failures, time-outs, rate limits and server errors pass; the write is sent again later. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

function sessionUserId(client: QueryClient): string | null {
  return client.getQueryData(initialOptions().queryKey)?.user?.id ?? null;
}

type Delivery = { sent: true; answer: unknown } | { sent: false; error: unknown };

/** Sends one entry with its key and applies the answer; the entry leaves the outbox when sent. */
async function deliver(client: QueryClient, entry: OutboxEntry): Promise<Delivery> {
  // Another tab may have sent it while this one waited for the lock, or found it refused.
  const stored = await readEntry(entry.key);
  if (!stored || stored.state === 'failed') return { sent: false, error: null };
  await store({ ...entry, state: 'sending', error: null });
  const kind = kindOf(entry.write);
  try {
    const answer = await kind.send(entry.write, { headers: { [IDEMPOTENCY_KEY_HEADER]: entry.key } });
    kind.apply(client, entry.write, answer);
    channel?.postMessage({ type: 'applied', write: entry.write, answer } satisfies OutboxMessage);
    await drop(entry.key);
    return { sent: true, answer };
  } catch (error) {
    return { sent: false, error };
  }
}

export type SubmitResult<A> = { sent: true; answer: A } | { sent: false };

/**
 * Keeps a write in the outbox and sends it at once when the browser is online. Answers the
 * server's answer, or `{ sent: false }` when the write waits for the network. A refusal is
 * thrown, and the write leaves the outbox, so the screen that made it says why.
 */
export async function submitWrite<A>(client: QueryClient, write: OutboxWrite, replaces?: string): Promise<SubmitResult<A>> {
  const userId = sessionUserId(client);
  if (!userId) throw new Error('Only a logged-in user writes.');
  if (replaces) await drop(replaces);
  // Writes are sent in the order they were made, even several within one millisecond.
  const createdAt = Math.max(Date.now(), ...entries.map((e) => e.createdAt + 1));
  // Online, the write is this call's to send: stored as being sent, a send of the waiting writes
  // that runs meanwhile (at start, on coming back online) leaves it alone instead of sending it twice.
  const online = navigator.onLine;
  const entry: OutboxEntry = { key: crypto.randomUUID(), userId, createdAt, state: online ? 'sending' : 'pending', error: null, write };
  await store(entry);
  if (!online) return { sent: false };
  return withLock(async () => {
    const result = await deliver(client, entry);
    if (result.sent) return { sent: true, answer: result.answer as A };
    // A rate limit is the caller's to retry (a comment is sent again after COMMENT_RETRY_MS).
    const rateLimited = result.error instanceof ApiError && result.error.status === 429;
    if (result.error === null || (isTransient(result.error) && !rateLimited) || (result.error instanceof ApiError && result.error.status === 401)) {
      if (result.error !== null) await store({ ...entry, state: 'pending' });
      return { sent: false };
    }
    await drop(entry.key);
    throw result.error;
  });
}

/** Takes a write out of the outbox without sending it (a discarded failure, a collapsed vote). */
export function discardWrite(key: string): Promise<void> {
  return drop(key);
}

/** Sends a failed write again, with the other pending ones. */
export async function retryWrite(client: QueryClient, key: string): Promise<void> {
  const entry = entries.find((e) => e.key === key);
  if (!entry) return;
  await store({ ...entry, state: 'pending', error: null });
  await flushOutbox(client);
}

/**
 * Sends the logged-in user's pending writes, oldest first, and answers how many reached the
 * server. It stops at the first write that cannot reach the server (or a 401: the user logged out
 * elsewhere) and leaves the rest pending.
 */
export async function flushOutbox(client: QueryClient): Promise<number> {
  const userId = sessionUserId(client);
  if (!userId || !navigator.onLine) return 0;
  return withLock(async () => {
    await loadOutbox();
    let sent = 0;
    for (const entry of entries.filter((e) => e.userId === userId && e.state === 'pending')) {
      const result = await deliver(client, entry);
      if (result.sent) sent += 1;
      if (result.sent || result.error === null) continue;
      if (isTransient(result.error) || (result.error instanceof ApiError && result.error.status === 401)) {
        await store({ ...entry, state: 'pending' });
        return sent;
      }
      const message = result.error instanceof Error ? result.error.message : String(result.error);
      await store({ ...entry, state: 'failed', error: message });
    }
    return sent;
  });
}

/** The mutation key of a kind of write; its defaults (mutationFn) are registered with the kind. */
export const writeMutationKey = (kind: string) => ['write', kind] as const;

/** What a write mutation is called with: the write, and the pending entry it takes the place of. */
export interface WriteVariables<W extends OutboxWrite = OutboxWrite> {
  write: W;
  replaces?: string;
}

/**
 * Defines a kind of write and the defaults of its mutation, so that `useMutation({ mutationKey:
 * writeMutationKey(kind) })` sends it through the outbox; the variables carry all a resend needs.
 */
export function registerWriteKind<W extends OutboxWrite, A>(client: QueryClient, kind: W['kind'], handler: WriteKind<W, A>): void {
  defineWriteKind(kind, handler);
  client.setMutationDefaults(writeMutationKey(kind), {
    mutationFn: (variables: WriteVariables) => submitWrite<A>(client, variables.write, variables.replaces),
  });
}
