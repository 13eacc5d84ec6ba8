/**
 * Words being written, kept on the device as they are typed, so that closing the tab, losing the
 * network or leaving the page loses nothing: the new-post form and each comment box (a post's, a
 * reply's) have their own draft, per user, until it is sent or thrown away.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface Draft<T = unknown> {
  /** What the draft belongs to, such as `post:new`, `comment:<postId>` or `reply:<commentId>`. */
  key: string;
  userId: string;
  /** What the form holds: a comment's body, the new post's fields. */
  value: T;
  updatedAt: number;
}

interface DraftsSchema extends DBSchema {
  drafts: { key: [string, string]; value: Draft };
}

const DB_NAME = 'quorum-drafts';

let opening: Promise<IDBPDatabase<DraftsSchema>> | null = null;

function database(): Promise<IDBPDatabase<DraftsSchema>> {
  opening ??= openDB<DraftsSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('drafts', { keyPath: ['userId', 'key'] });
    },
    // Another page deletes or upgrades the database: let it, and open afresh next time.
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
  });
  return opening;
}

export async function readDraft<T>(userId: string, key: string): Promise<Draft<T> | undefined> {
  return (await database()).get('drafts', [userId, key]) as Promise<Draft<T> | undefined>;
}

export async function saveDraft(draft: Draft): Promise<void> {
  await (await database()).put('drafts', draft);
}

export async function deleteDraft(userId: string, key: string): Promise<void> {
  await (await database()).delete('drafts', [userId, key]);
}
