import { ApiError } from '@quorum/client/api-error';
import { LOADING_DELAY_MS, ONLINE_SETTLE_MS } from '@quorum/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { LoadFailedPage, OfflinePage } from '../components/errors/offline-page.tsx';
import { useDelayedFlag } from '../hooks/use-delayed-flag.ts';
import { replayHeldTaps } from '../lib/held-taps.ts';
import { initialOptions } from '../lib/session/get-initial.ts';
import { ShellSkeleton } from './layout/shell-skeleton.tsx';

/** A failed network request, or the 408 the server answers while it has no connection. */
function isOffline(error: Error | null): boolean {
  return error instanceof ApiError && (error.isNetworkError || error.status === 408);
}

/**
 * Holds the app until GET /api/_initial answers: an outline of the shell while it loads, the
 * Offline page (retried 2 s after the browser is back online) or an error page with Retry.
 */
export function Bootstrap({ children }: { children: ReactNode }) {
  const initial = useQuery(initialOptions());
  const { refetch } = initial;
  const offline = initial.data === undefined && initial.isError && isOffline(initial.error);
  const showSkeleton = useDelayedFlag(initial.isPending, LOADING_DELAY_MS);

  // A page drawn on the server holds taps on its buttons until the session's own data has answered
  // and is drawn; then they are made, once.
  const answered = initial.isFetchedAfterMount;
  useEffect(() => {
    if (answered) replayHeldTaps();
  }, [answered]);

  useEffect(() => {
    if (!offline) return;
    let timer: number | undefined;
    const onOnline = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void refetch(), ONLINE_SETTLE_MS);
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearTimeout(timer);
    };
  }, [offline, refetch]);

  if (initial.data !== undefined) return children;
  const retry = () => void refetch();
  if (initial.isError) {
    return offline ? <OfflinePage onRetry={retry} retrying={initial.isFetching} /> : <LoadFailedPage onRetry={retry} retrying={initial.isFetching} />;
  }
  return showSkeleton ? <ShellSkeleton /> : null;
}
