/**
 * Keeps the query cache in IndexedDB so that what was seen opens without a network, even after a
 * browser restart. The saved copy is thrown away when it is older than CACHE_MAX_AGE_MS or was
 * written by another build or cache schema (`buster`). Writes are throttled, infinite lists keep
 * only their first pages, and a change of user drops the copy (see session-change.ts).
 */
import { SAVED_CACHE_KEY, savedCacheDatabase, type SavedCache } from '@quorum/client/saved-cache';
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import type { InitialData } from '@quorum/shared/entities/site';
import { sessionKeys } from './session/keys.ts';

/** How long a saved cache is used; the queries' gcTime is at least as long. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** Bump when the shape of what the API answers changes: caches of older shapes are dropped. */
export const CACHE_SCHEMA_VERSION = 1;
const BUSTER = `${CACHE_SCHEMA_VERSION}:${typeof __APP_BUILD__ === 'string' ? __APP_BUILD__ : 'dev'}`;
const SAVE_THROTTLE_MS = 1000;
/** Pages of an infinite list kept: enough to read offline, little to restore. */
const KEPT_PAGES = 3;

type SavedQueries = SavedCache<DehydratedState>;

interface Pages {
  pages: unknown[];
  pageParams: unknown[];
}

function isPages(data: unknown): data is Pages {
  return typeof data === 'object' && data !== null && Array.isArray((data as Pages).pages) && Array.isArray((data as Pages).pageParams);
}

/** An infinite list cut to its first pages (the next cursor of the last one kept still works). */
export function trimPages<T>(data: T): T {
  if (!isPages(data) || data.pages.length <= KEPT_PAGES) return data;
  return { ...data, pages: data.pages.slice(0, KEPT_PAGES), pageParams: data.pageParams.slice(0, KEPT_PAGES) };
}

/** Queries with an answer to show; one whose last refetch failed (offline) keeps its answer. */
function shouldSave(query: Query): boolean {
  return query.state.data !== undefined && query.meta?.persist !== false;
}

export function dehydrateForSaving(client: QueryClient): DehydratedState {
  const state = dehydrate(client, { shouldDehydrateQuery: shouldSave });
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, data: trimPages(query.state.data), status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null },
    })),
  };
}

let reading: Promise<SavedQueries | undefined> | null = null;

/**
 * Starts reading the saved cache. The app calls it as its script starts, so that opening the
 * database and reading overlap the first render instead of following it.
 */
export function readSavedCache(): Promise<SavedQueries | undefined> {
  reading ??= savedCacheDatabase()
    .then((db) => db.get('cache', SAVED_CACHE_KEY) as Promise<SavedQueries | undefined>)
    .catch(() => undefined);
  return reading;
}

/** Puts the saved cache back into the client, unless it is too old or of another build. */
export async function restoreQueryCache(client: QueryClient): Promise<void> {
  try {
    const saved = await readSavedCache();
    reading = null;
    if (!saved) return;
    if (saved.buster !== BUSTER || Date.now() - saved.savedAt > CACHE_MAX_AGE_MS) {
      await (await savedCacheDatabase()).delete('cache', SAVED_CACHE_KEY);
      return;
    }
    hydrate(client, saved.state);
    // What was saved shows at once, and every screen still asks the server when it can.
    await client.invalidateQueries({ refetchType: 'none' });
  } catch {
    // A broken or blocked database only means starting without the saved copy.
  }
}

async function save(client: QueryClient): Promise<void> {
  try {
    const userId = client.getQueryData<InitialData>(sessionKeys.initial())?.user?.id ?? null;
    const saved: SavedQueries = { buster: BUSTER, savedAt: Date.now(), userId, state: dehydrateForSaving(client) };
    await (await savedCacheDatabase()).put('cache', saved, SAVED_CACHE_KEY);
  } catch {
    // Storage full or unavailable: the cache lives in memory only.
  }
}

let timer: number | undefined;

/** Drops the saved copy (logout, another user's login). The next change saves afresh. */
export async function clearPersistedCache(): Promise<void> {
  window.clearTimeout(timer);
  timer = undefined;
  try {
    await (await savedCacheDatabase()).delete('cache', SAVED_CACHE_KEY);
  } catch {
    // Nothing saved, nothing to drop.
  }
}

/** Saves the cache at most once per SAVE_THROTTLE_MS while it changes, and at once when the page is hidden or left. */
export function persistQueryCache(client: QueryClient): () => void {
  const flush = () => {
    window.clearTimeout(timer);
    timer = undefined;
    void save(client);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    timer ??= window.setTimeout(flush, SAVE_THROTTLE_MS);
  });
  // What the cache held before (the answers a page drawn on the server came with) is saved too.
  timer ??= window.setTimeout(flush, SAVE_THROTTLE_MS);
  const onHidden = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) flush();
  };
  const onPageHide = () => {
    if (timer !== undefined) flush();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', onPageHide);
    window.clearTimeout(timer);
    timer = undefined;
  };
}
