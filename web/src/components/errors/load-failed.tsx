import { genericErrorMessage } from '@quorum/client/api-error';
import type { FetchStatus } from '@tanstack/react-query';
import { isUnavailableOffline } from '../../lib/offline.ts';
import { StatusPage } from './status-page.tsx';

interface RetryButtonProps {
  onRetry: () => void;
  retrying: boolean;
  className?: string;
}

/** The Retry of a failed load, busy while the new attempt runs. */
export function RetryButton({ onRetry, retrying, className = 'button' }: RetryButtonProps) {
  return (
    <button type="button" className={className} onClick={onRetry} disabled={retrying} aria-busy={retrying}>
      Retry
    </button>
  );
}

/** What LoadFailed reads of a query (a useQuery or useInfiniteQuery result). */
interface FailedQuery {
  data: unknown;
  error: Error | null;
  fetchStatus: FetchStatus;
  isFetching: boolean;
  refetch: () => unknown;
}

const NOT_SAVED_TEXT = {
  page: "This page hasn't been saved on this device yet. It will load when you're back online.",
  posts: "These posts haven't been saved on this device yet. They will load when you're back online.",
} as const;

interface LoadFailedProps {
  query: FailedQuery;
  /**
   * `page` fills the content column (the reason as its title); `list` stands in a list's place;
   * `compact` is the same with a small button, for a card among others.
   */
  variant?: 'page' | 'list' | 'compact';
  /** What could not be loaded, in the screen's words: under the title of a page, or instead of the reason in a list. */
  message?: string;
  /** The classes of a list's block, in place of `feed-status`. */
  className?: string;
  /**
   * What a saved copy would hold, for data saved for offline use: offline with nothing saved,
   * the screen says it is not available offline (and loads once the connection is back) rather
   * than failing. Left out, a failed network shows as a failure with its reason.
   */
  savedCopy?: keyof typeof NOT_SAVED_TEXT;
}

/** A load that failed with nothing to show: not available offline, or the reason and Retry. */
export function LoadFailed({ query, variant = 'list', message, className = 'feed-status', savedCopy }: LoadFailedProps) {
  const onRetry = () => void query.refetch();
  if (savedCopy && isUnavailableOffline(query)) {
    return (
      <StatusPage icon="offline" title="Not available offline">
        <p className="status-page__text">{NOT_SAVED_TEXT[savedCopy]}</p>
        <RetryButton className="button button--primary" onRetry={onRetry} retrying={query.isFetching} />
      </StatusPage>
    );
  }
  const reason = genericErrorMessage(query.error);
  if (variant === 'page') {
    return (
      <StatusPage icon="warning" title={reason}>
        {message && <p className="status-page__text">{message}</p>}
        <RetryButton className="button button--primary" onRetry={onRetry} retrying={query.isFetching} />
      </StatusPage>
    );
  }
  return (
    <div className={className} role="alert">
      <p>{message ?? reason}</p>
      <RetryButton className={variant === 'compact' ? 'button button--small' : 'button'} onRetry={onRetry} retrying={query.isFetching} />
    </div>
  );
}
