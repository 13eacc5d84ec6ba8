import { useDevicePreferences } from '../../lib/device-preferences.ts';
import { useLoadMore } from '../../hooks/use-load-more.ts';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The end of an infinite list: loads the next page as the end comes near, or offers a 'More'
 * button when the device turned infinite scrolling off, and 'Retry' after a failed page.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage }: LoadMoreProps) {
  const { infinite_scrolling_disabled: manual } = useDevicePreferences();
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const sentinel = useLoadMore(canLoadMore && !manual, () => void fetchNextPage());

  if (isFetchNextPageError) {
    return (
      <div className="feed-status">
        <button type="button" className="button" onClick={() => void fetchNextPage()}>
          Retry
        </button>
      </div>
    );
  }
  if (!canLoadMore) return null;
  if (manual) {
    return (
      <div className="feed-status">
        <button type="button" className="button" onClick={() => void fetchNextPage()}>
          More
        </button>
      </div>
    );
  }
  return <div ref={sentinel} className="feed__sentinel" aria-hidden="true" />;
}
