// The worker's side of the outbox (@quorum/client/outbox): it sends what waits when the browser
// fires a Background Sync, with no tab of the app open, and queues replies typed into a notification.
// A write it sends stays in the outbox as `sent` until a tab of its user has told them.
import { OUTBOX_CHANNEL, OUTBOX_SYNC_TAG, sendPending, withOutboxLock, type OutboxKeeper, type OutboxMessage } from '@quorum/client/outbox/drain';
import { readEntries, saveEntry, type OutboxEntry } from '@quorum/client/outbox/store';
import type { OutboxWrite } from '@quorum/client/outbox/writes';
import type { WorkerApi } from './api.ts';

/** Fired by browsers with Background Sync only, so missing from TypeScript's worker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

interface SyncManager {
  register(tag: string): Promise<void>;
}

const channel = new BroadcastChannel(OUTBOX_CHANNEL);

function tell(message: OutboxMessage): void {
  channel.postMessage(message);
}

/** The worker keeps no view of its own: it tells the open tabs, which apply what it sent. */
const workerKeeper: OutboxKeeper = {
  async save(entry) {
    await saveEntry(entry);
    tell('changed');
  },
  async delivered(entry, answer) {
    await saveEntry({ ...entry, state: 'sent' });
    tell({ type: 'applied', write: entry.write, answer });
    tell('changed');
  },
};

/** Some writes still wait for the network: the browser fires the sync again later. */
class StillWaiting extends Error {}

/**
 * Sends the pending writes of the user logged in now, oldest first, and answers who that is (null:
 * nobody); writes of another user wait for their login. Throws while some still cannot reach the server.
 */
export async function sendOutbox(worker: WorkerApi): Promise<string | null> {
  const initial = await worker.api.getInitial().catch(() => null);
  if (!initial) throw new StillWaiting('The server cannot be reached.');
  const userId = initial.user?.id ?? null;
  if (!userId || !(await worker.loadToken())) return userId;
  const { waiting } = await withOutboxLock(async () => {
    const pending = (await readEntries()).filter((entry) => entry.userId === userId && entry.state === 'pending');
    return sendPending(worker.api, workerKeeper, pending);
  });
  if (waiting) throw new StillWaiting('Some writes wait for the network.');
  return userId;
}

/** Keeps a write made in the worker (a reply typed into a notification) in the outbox, after every waiting one. */
export async function queueWrite(userId: string, write: OutboxWrite): Promise<OutboxEntry> {
  const entries = await readEntries();
  const createdAt = Math.max(Date.now(), ...entries.map((entry) => entry.createdAt + 1));
  const entry: OutboxEntry = { key: crypto.randomUUID(), userId, createdAt, state: 'pending', error: null, write };
  await workerKeeper.save(entry);
  return entry;
}

/** Asks the browser to fire a sync once the network is back; without Background Sync the app sends when next opened. */
export async function askForSync(scope: ServiceWorkerGlobalScope): Promise<void> {
  const sync = (scope.registration as ServiceWorkerRegistration & { sync?: SyncManager }).sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

export function setUpOutbox(scope: ServiceWorkerGlobalScope, worker: WorkerApi): void {
  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendOutbox(worker));
  });
}
