// The outbox as kept on the device (IndexedDB), shared by the app's tabs and its service worker.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxWrite } from './writes.ts';

/** A write waiting to reach the server, as kept on the device. */
export interface OutboxEntry<W extends OutboxWrite = OutboxWrite> {
  /** A random id, sent as the `Idempotency-Key`: however often the write is sent, it applies once. */
  key: string;
  /** Who made it: it is sent only while that user is logged in. */
  userId: string;
  createdAt: number;
  /**
   * `sending` while a tab or the service worker delivers it; `failed` once the server refused it
   * (kept until retried or discarded); `sent` once the service worker delivered it, kept until a tab
   * of that user has told them.
   */
  state: 'pending' | 'sending' | 'failed' | 'sent';
  /** The server's reason for a failed write. */
  error: string | null;
  write: W;
}

interface OutboxSchema extends DBSchema {
  writes: { key: string; value: OutboxEntry };
}

// Append-only schema: a change gets a new version with its own upgrade step.
const DB_NAME = 'quorum-outbox';
const DB_VERSION = 1;

let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function database(): Promise<IDBPDatabase<OutboxSchema>> {
  opening ??= openDB<OutboxSchema>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('writes', { keyPath: 'key' });
    },
    // Another page deletes or upgrades the database: let it, and open afresh next time.
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
  });
  return opening;
}

export async function readEntries(): Promise<OutboxEntry[]> {
  const entries = await (await database()).getAll('writes');
  return entries.sort((a, b) => a.createdAt - b.createdAt);
}

export async function readEntry(key: string): Promise<OutboxEntry | undefined> {
  return (await database()).get('writes', key);
}

export async function saveEntry(entry: OutboxEntry): Promise<void> {
  await (await database()).put('writes', entry);
}

export async function deleteEntry(key: string): Promise<void> {
  await (await database()).delete('writes', key);
}
