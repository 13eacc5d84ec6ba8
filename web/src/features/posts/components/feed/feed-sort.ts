import { DEFAULT_FEED_SORT, FEED_SORTS } from '@quorum/shared/constants';
import type { FeedSort } from '@quorum/shared/entities/posts';

export const FEED_SORT_LABELS: Record<FeedSort, string> = {
  hot: 'Hot',
  activity: 'Activity',
  latest: 'New',
  day: 'Top day',
  week: 'Top week',
  month: 'Top month',
  year: 'Top year',
  all: 'Top all time',
};

export function isFeedSort(value: string | null): value is FeedSort {
  return value !== null && (FEED_SORTS as readonly string[]).includes(value);
}

/** The sort in the URL's `sort` parameter, or the default (hot). */
export function feedSortFrom(value: string | null, fallback: FeedSort = DEFAULT_FEED_SORT): FeedSort {
  return isFeedSort(value) ? value : fallback;
}
