/**
 * The copy of the app's query cache saved on the device (IndexedDB) for offline use. The app
 * writes and restores it (web/src/lib/query-persister.ts); the service worker refreshes, in the
 * background, the first page of the saved queries that say how (their `backgroundRefresh` meta):
 * the home feed and the notifications, so that the app opened later offline shows something recent.
 */
import type { Feed, FeedSort } from '@quorum/shared/entities/posts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ApiClient } from './api-client.ts';

/** The Periodic Background Sync tag under which the worker refreshes the saved copy. */
export const BACKGROUND_REFRESH_TAG = 'quorum-refresh';
/** At most how often; browsers space the refreshes further apart by how much the app is used. */
export const BACKGROUND_REFRESH_MS = 4 * 60 * 60_000;

/** How the worker refreshes a saved query: the API call of its first page. */
export type BackgroundRefresh = { call: 'feed'; feed: Feed; sort: FeedSort } | { call: 'notifications' };

/** A saved query, as the query cache dehydrates it (only what is read here is named). */
export interface SavedQuery {
  queryKey: readonly unknown[];
  meta?: { backgroundRefresh?: BackgroundRefresh } & Record<string, unknown>;
  state: { data?: unknown; dataUpdatedAt: number } & Record<string, unknown>;
}

export interface SavedCache<State extends { queries: unknown[] } = { queries: SavedQuery[] }> {
  /** The build and cache schema that wrote it: another one's copy is dropped. */
  buster: string;
  savedAt: number;
  /** Whose cache it is; the worker refreshes it only while that user is logged in. */
  userId: string | null;
  state: State;
}

interface CacheSchema extends DBSchema {
  cache: { key: string; value: SavedCache<{ queries: unknown[] }> };
}

const CACHE_DB_NAME = 'quorum-cache';
export const SAVED_CACHE_KEY = 'queries';

let opening: Promise<IDBPDatabase<CacheSchema>> | null = null;

export function savedCacheDatabase(): Promise<IDBPDatabase<CacheSchema>> {
  opening ??= openDB<CacheSchema>(CACHE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('cache');
    },
    // Another page deletes or upgrades the database: let it, and open afresh next time.
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      opening = null;
    },
  });
  return opening;
}

function firstPage(api: ApiClient, refresh: BackgroundRefresh): Promise<unknown> {
  switch (refresh.call) {
    case 'feed':
      return api.getPosts({ feed: refresh.feed, sort: refresh.sort, next: null });
    case 'notifications':
      return api.getNotifications(null);
  }
}

/**
 * Fetches the first page of each saved query that says how, and saves it in place of the pages
 * kept, as fetched now. Nothing is written when the copy is another user's, or was saved again by a
 * tab meanwhile (that one is newer). Answers how many queries were refreshed.
 */
export async function refreshSavedCache(api: ApiClient, userId: string | null): Promise<number> {
  const db = await savedCacheDatabase();
  const saved = (await db.get('cache', SAVED_CACHE_KEY)) as SavedCache | undefined;
  if (!saved || saved.userId !== userId) return 0;
  const count = saved.state.queries.filter((query) => query.meta?.backgroundRefresh).length;
  if (count === 0) return 0;
  const refreshed = await Promise.all(
    saved.state.queries.map(async (query) => {
      const refresh = query.meta?.backgroundRefresh;
      if (!refresh) return query;
      const page = await firstPage(api, refresh);
      return { ...query, state: { ...query.state, data: { pages: [page], pageParams: [null] }, dataUpdatedAt: Date.now() } };
    }),
  );
  const transaction = db.transaction('cache', 'readwrite');
  const current = await transaction.store.get(SAVED_CACHE_KEY);
  if (current?.savedAt !== saved.savedAt) return 0;
  await transaction.store.put({ ...saved, state: { ...saved.state, queries: refreshed } }, SAVED_CACHE_KEY);
  await transaction.done;
  return count;
}
