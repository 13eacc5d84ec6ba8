/**
 * Words being written, kept on the device as they are typed, so that closing the tab, losing the
 * network or leaving the page loses nothing: the new-post form and each comment box (a post's, a
 * reply's) have their own draft, per user, until it is sent or thrown away. synced.ts keeps them
 * on the server too.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** Where a draft is written: its key, what it is to the user, and where it is taken up again. */
export interface DraftPlace {
  /** What the draft belongs to, such as `post:new`, `comment:<postId>` or `reply:<commentId>`. */
  key: string;
  /** "New post", "Comment on “…”", "Reply to @… on “…”". */
  label: string;
  href: string;
}

export interface Draft<T = unknown> extends DraftPlace {
  userId: string;
  /** What the form holds: a comment's body, the new post's fields. */
  value: T;
  /** When it was last saved, on whichever device: the newer copy of a draft wins. */
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

/** The user's drafts, the latest written first. */
export async function listDrafts(userId: string): Promise<Draft[]> {
  const drafts = await (await database()).getAll('drafts', IDBKeyRange.bound([userId, ''], [userId, '\uffff']));
  return drafts.sort((a, b) => b.updatedAt - a.updatedAt);
}

export async function deleteDraft(userId: string, key: string): Promise<void> {
  await (await database()).delete('drafts', [userId, key]);
}

/**
 * Deletes a draft unless it was saved after `seq` (typed again on this device since the deletion
 * elsewhere); answers whether it was deleted.
 */
export async function deleteDraftSavedBy(userId: string, key: string, seq: number): Promise<boolean> {
  const tx = (await database()).transaction('drafts', 'readwrite');
  const kept = await tx.store.get([userId, key]);
  const gone = kept !== undefined && kept.updatedAt <= seq;
  if (gone) await tx.store.delete([userId, key]);
  await tx.done;
  return gone;
}
