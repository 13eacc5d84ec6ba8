import { ApiError } from '@quorum/client/api-error';

interface QueryLike {
  data: unknown;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  error: Error | null;
}

/**
 * A query with nothing to show because the network is missing: it waits for the connection
 * (paused) or its fetch failed on the network. The screen says it is not available offline
 * rather than spinning.
 */
export function isUnavailableOffline(query: QueryLike): boolean {
  if (query.data !== undefined) return false;
  if (query.fetchStatus === 'paused') return true;
  return query.error instanceof ApiError && query.error.isNetworkError;
}
