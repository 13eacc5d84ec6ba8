import { DEFAULT_FEED_SORT } from '@quorum/shared/constants';
import type { FeedSort } from '@quorum/shared/entities/posts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { feedSortFrom } from '../components/feed/feed-sort.ts';

const REMEMBERED_SORT_KEY = 'feed_sort';

/**
 * The feed sort, kept in the URL's `sort` parameter. Users who chose to remember their feed sort
 * also get it kept on the device, used wherever the URL names none.
 */
export function useFeedSort(): [FeedSort, (sort: FeedSort) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const remember = useSessionUser()?.rememberFeedSort === true;
  const fallback = remember ? feedSortFrom(readStorage(REMEMBERED_SORT_KEY)) : DEFAULT_FEED_SORT;
  const sort = feedSortFrom(searchParams.get('sort'), fallback);

  const setSort = useCallback(
    (next: FeedSort) => {
      if (remember) writeStorage(REMEMBERED_SORT_KEY, next);
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next === DEFAULT_FEED_SORT && !remember) params.delete('sort');
        else params.set('sort', next);
        return params;
      });
    },
    [remember, setSearchParams],
  );

  return [sort, setSort];
}
