import type { FetchStatus } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { SkeletonLines } from '../../../components/ui/skeleton.tsx';

/** The state of an infinite query an admin list shows. */
interface PagedQuery {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  fetchStatus: FetchStatus;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

function RowSkeleton() {
  return (
    <div className="admin-skeleton">
      <SkeletonLines lines={[['45%', 16], ['75%', 13]]} />
    </div>
  );
}

interface AdminListProps<T> {
  /** Names the list and its loading state ("Users" → "Loading users"). */
  label: string;
  query: PagedQuery;
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  empty?: string;
}

/**
 * One of the dashboard's lists in a card: skeleton rows while the first page loads, Retry when it
 * failed, and the next pages loaded at the end (or with a More button).
 */
export function AdminList<T>({ label, query, items, getKey, renderItem, empty = 'Nothing to show' }: AdminListProps<T>) {
  return (
    <div className="card">
      {query.isPending ? (
        <div role="status" aria-label={`Loading ${label.toLowerCase()}`}>
          {Array.from({ length: 5 }, (_, index) => (
            <RowSkeleton key={index} />
          ))}
        </div>
      ) : query.isError && items.length === 0 ? (
        <LoadFailed query={query} />
      ) : items.length === 0 ? (
        <p className="feed-status">{empty}</p>
      ) : (
        <ul className="admin-list" aria-label={label} aria-busy={query.isFetchingNextPage}>
          {items.map((item) => (
            <li key={getKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      {query.isFetchingNextPage && <RowSkeleton />}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        fetchNextPage={query.fetchNextPage}
      />
    </div>
  );
}
