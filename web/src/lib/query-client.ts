import { ApiError, genericErrorMessage } from '@quorum/client/api-error';
import type { BackgroundRefresh } from '@quorum/client/saved-cache';
import { MutationCache, QueryCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { CACHE_MAX_AGE_MS } from './query-persister.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Failures of this query never raise an alert (the screen shows them, or nobody cares). */
      silent?: boolean;
      /** False keeps the query out of the cache saved for offline use. */
      persist?: boolean;
      /** How the service worker refreshes the saved copy's first page in the background (Periodic Background Sync). */
      backgroundRefresh?: BackgroundRefresh;
    };
    mutationMeta: {
      /** Never raise an alert for this mutation's failures. */
      silent?: boolean;
      /** Failures the form shows by itself; every other failure raises the alert. */
      handlesError?: (error: Error) => boolean;
      /** The alert text for a failure, instead of the generic one. */
      errorMessage?: string;
    };
  }
}

/** How long an answer counts as fresh, by the kind of data it holds. */
export const staleTimes = {
  /** Feeds, posts, communities, profiles: read again on use after half a minute. */
  content: 30_000,
  /** Lookups made while typing (search, name checks): the same words are asked again after a minute. */
  lookup: 60_000,
  /** What seldom changes: the bootstrap data, link previews. */
  seldom: 10 * 60_000,
  /** Queues a moderator or admin works through: read again at every use. */
  queue: 0,
} as const;

/** Client errors other than a time-out or rate limit won't change on a retry. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
    return false;
  }
  return failureCount < 2;
}

/**
 * The query client with the app's defaults. Alerts come from here and nowhere else: a failed
 * background refetch or a failed mutation shows the specification's generic message, while the
 * first load of a query reports its failure on the screen that asked for it.
 */
export function createQueryClient(showAlert: (text: string) => void): QueryClient {
  // The browser may start offline, and the online manager only hears of later changes: queries
  // must wait for the network (paused, showing what was saved) rather than fail one by one.
  // (The server, drawing a page, has a navigator without onLine: it is always online.)
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine !== false);
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (query.meta?.silent || query.state.data === undefined) return;
        // Offline, the screens say they show what was saved; a failed refresh is no news.
        if (error instanceof ApiError && error.isNetworkError && !onlineManager.isOnline()) return;
        showAlert(genericErrorMessage(error));
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _variables, _onMutateResult, mutation) {
        const meta = mutation.meta;
        if (meta?.silent || meta?.handlesError?.(error)) return;
        showAlert(meta?.errorMessage ?? genericErrorMessage(error));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: staleTimes.content,
        // Kept as long as the saved copy is used, or restored answers would be collected at once.
        gcTime: CACHE_MAX_AGE_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
      },
      mutations: {
        retry: false,
        // Writes that must survive going offline are outbox kinds (lib/outbox); every other write
        // is tried at once and fails fast offline with the network message, never paused unseen.
        networkMode: 'always',
      },
    },
  });
}
