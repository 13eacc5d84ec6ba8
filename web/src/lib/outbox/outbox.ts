/**
 * The durable outbox: writes that must survive going offline and closing the browser (votes,
 * comments, joins and leaves, mutes, saves to lists). How it fits together:
 *
 * - What each write carries and how it is sent live in @quorum/client/outbox, shared with the
 *   service worker. Each kind is given its meaning to the app once with `defineWriteKind` (how its
 *   answer updates the cache through the entity cache writers, how to name it to the user); its
 *   owner registers it with its mutations (features/<feature>/api/register.ts, listed in
 *   app/mutation-defaults.ts).
 * - `submitWrite` stores the write in IndexedDB with a random idempotency key, then sends it at
 *   once when the browser is online. A write that cannot reach the server stays `pending`; a
 *   refusal of a fresh write is thrown back to the form that made it.
 * - `flushOutbox` sends the pending writes of the logged-in user, oldest first, at start, when the
 *   browser comes back online and when the tab becomes visible. Only one sender at a time (a Web
 *   Lock). The key goes in the `Idempotency-Key` header, so a write sent twice applies once.
 *   A 401 keeps the writes until that user logs in again; any other refusal marks the write
 *   `failed`, to be retried or discarded by the user.
 * - A write left waiting asks for a Background Sync: where the browser has it, the service worker
 *   sends the outbox when the network is back, with no tab open (sw/src/outbox.ts), and the app
 *   tells the user what was sent when next opened (`takeSentByWorker`).
 * - Screens show pending writes over the cached data (`useOutboxEntries`), so a refetch never
 *   hides them and a failed or discarded write rolls back by itself.
 */
import { ApiError } from '@quorum/client/api-error';
import { OUTBOX_CHANNEL, OUTBOX_SYNC_TAG, sendPending, deliver, waitsAfter, withOutboxLock, type OutboxKeeper, type OutboxMessage } from '@quorum/client/outbox/drain';
import { deleteEntry, readEntries, saveEntry, type OutboxEntry } from '@quorum/client/outbox/store';
import type { OutboxWrite, WriteKindName } from '@quorum/client/outbox/writes';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { initialOptions } from '../session/get-initial.ts';

export type { OutboxEntry, OutboxWrite };

/** What a kind of write means to the app; how it is sent is the outbox's own (@quorum/client/outbox/writes). */
export interface WriteKind<W extends OutboxWrite, A> {
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

/**
 * No entries: one list for every empty outbox, so that a page drawn on the server (which has none)
 * and the app taking it over read the same and the app need not draw the page again.
 */
export const NO_OUTBOX_ENTRIES: readonly OutboxEntry[] = [];

// The entries of this tab's view, kept in step with IndexedDB, the other tabs and the worker.
let entries = NO_OUTBOX_ENTRIES;
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);

function publish(next: readonly OutboxEntry[]): void {
  entries = next.length === 0 ? NO_OUTBOX_ENTRIES : next;
  for (const listener of listeners) listener();
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function outboxSnapshot(): readonly OutboxEntry[] {
  return entries;
}

const sentByWorkerListeners = new Set<() => void>();

/** Calls `listener` whenever a read of the outbox finds writes the worker sent (`takeSentByWorker` tells of them). */
export function onSentByWorker(listener: () => void): () => void {
  sentByWorkerListeners.add(listener);
  return () => sentByWorkerListeners.delete(listener);
}

/**
 * Reads the outbox from IndexedDB; a write some tab was sending when it closed is pending again.
 * Writes the worker sent are not shown: the `onSentByWorker` listeners hear of them.
 */
export async function loadOutbox(): Promise<void> {
  const all = await readEntries();
  if (all.some((entry) => entry.state === 'sent')) for (const listener of sentByWorkerListeners) listener();
  const stored = all.filter((entry) => entry.state !== 'sent');
  publish(stored.map((entry) => (entry.state === 'sending' && !entries.some((e) => e.key === entry.key && e.state === 'sending') ? { ...entry, state: 'pending' } : entry)));
}

channel?.addEventListener('message', (event: MessageEvent<OutboxMessage>) => {
  if (event.data === 'changed') void loadOutbox();
});

/**
 * Writes into this tab's cache the answers to writes another tab or the worker sent (a vote, a
 * comment, a save), so every open tab shows them without a reload. Answers a function that stops.
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

/** A tab keeps its view in step, applies an answer to its own cache and hands it to the other tabs. */
function tabKeeper(client: QueryClient): OutboxKeeper {
  return {
    save: store,
    async delivered(entry, answer) {
      kindOf(entry.write).apply(client, entry.write, answer);
      channel?.postMessage({ type: 'applied', write: entry.write, answer } satisfies OutboxMessage);
      await drop(entry.key);
    },
  };
}

/**
 * Asks the service worker to send the outbox once the network is back, even if no tab is open
 * then (Background Sync). Browsers without it send when the app is next opened.
 */
async function askWorkerToSend(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Refused (no permission, a private window): the app sends when it is next opened.
  }
}

/**
 * How many of the user's writes the worker sent (with no tab sending); they leave the outbox now
 * that the user is told, by one tab only.
 */
export function takeSentByWorker(userId: string): Promise<number> {
  return withOutboxLock(async () => {
    const sent = (await readEntries()).filter((entry) => entry.userId === userId && entry.state === 'sent');
    await Promise.all(sent.map((entry) => deleteEntry(entry.key)));
    return sent.length;
  });
}

function sessionUserId(client: QueryClient): string | null {
  return client.getQueryData(initialOptions().queryKey)?.user?.id ?? null;
}

export type SubmitResult<A> = { sent: true; answer: A } | { sent: false };

/**
 * Keeps a write in the outbox and sends it at once when the browser is online. Answers the
 * server's answer, or `{ sent: false }` when the write waits for the network (the worker is asked
 * to send it when the network is back). A refusal is thrown, and the write leaves the outbox, so
 * the screen that made it says why.
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
  if (!online) {
    await askWorkerToSend();
    return { sent: false };
  }
  return withOutboxLock(async () => {
    const result = await deliver(api, tabKeeper(client), entry);
    if (result.sent) return { sent: true, answer: result.answer as A };
    if (result.error === null) return { sent: false };
    // A rate limit is the caller's to retry (a comment is sent again after COMMENT_RETRY_MS).
    const rateLimited = result.error instanceof ApiError && result.error.status === 429;
    if (waitsAfter(result.error) && !rateLimited) {
      await store({ ...entry, state: 'pending' });
      await askWorkerToSend();
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
  return withOutboxLock(async () => {
    await loadOutbox();
    const { sent, waiting } = await sendPending(api, tabKeeper(client), entries.filter((e) => e.userId === userId && e.state === 'pending'));
    if (waiting) await askWorkerToSend();
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
export function registerWriteKind<W extends OutboxWrite, A>(client: QueryClient, kind: W['kind'] & WriteKindName, handler: WriteKind<W, A>): void {
  defineWriteKind(kind, handler);
  client.setMutationDefaults(writeMutationKey(kind), {
    mutationFn: (variables: WriteVariables) => submitWrite<A>(client, variables.write, variables.replaces),
  });
}
