import { FEED_SKELETONS } from '@quorum/shared/constants';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { isUnavailableOffline } from '../../../lib/offline.ts';
import { refetchFirstPage } from '../../../lib/refetch-first-page.ts';
import type { Post, UserFeedItem } from '@quorum/shared/entities/posts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { PullToRefresh } from '../../../components/ui/pull-to-refresh.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userFeedOptions } from '../api/get-user-feed.ts';
import type { UserFeedFilter } from '../api/keys.ts';
import { ProfileComment } from './profile-comment.tsx';
import './profile.css';

export const USER_FEED_FILTER_OPTIONS: ReadonlyArray<{ id: UserFeedFilter; label: string }> = [
  { id: 'overview', label: 'Overview' },
  { id: 'posts', label: 'Posts' },
  { id: 'comments', label: 'Comments' },
];

/** The Overview / Posts / Comments selector, kept in the address as `?filter=`. */
export function ProfileFeedFilter({ value }: { value: UserFeedFilter }) {
  return (
    <nav className="profile-filter" aria-label="Show">
      {USER_FEED_FILTER_OPTIONS.map((option) => (
        <Link
          key={option.id}
          className="profile-filter__option"
          to={{ search: option.id === 'overview' ? '' : `?filter=${option.id}` }}
          aria-current={option.id === value ? 'page' : undefined}
          replace
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}

function uniqueItems(pages: ReadonlyArray<{ items: UserFeedItem[] }>): UserFeedItem[] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.items.filter((entry) => {
      const key = `${entry.type}:${entry.item.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  );
}

function FeedSkeletons({ count }: { count: number }) {
  return (
    <div className="profile-feed" role="status" aria-label="Loading">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="card profile-feed__skeleton">
          <Skeleton width="45%" height={14} />
          <Skeleton width="90%" height={18} />
          <Skeleton width="70%" height={14} />
        </div>
      ))}
    </div>
  );
}

const END_TEXT: Record<UserFeedFilter, string> = { overview: 'Nothing more to show', posts: 'No more posts', comments: 'No more comments' };

interface ProfileFeedProps {
  username: string;
  filter: UserFeedFilter;
  /** How a post of the feed is shown (the posts feature's card). */
  renderPost: (post: Post, index: number) => ReactNode;
}

/** The user's posts and comments, newest first, loading more near the end; pulled down, it reads the newest again. */
export function ProfileFeed({ username, filter, renderPost }: ProfileFeedProps) {
  const queryClient = useQueryClient();
  const options = userFeedOptions(username, filter);
  const query = useInfiniteQuery(options);
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const items = useMemo(() => uniqueItems(data?.pages ?? []), [data]);

  if (isUnavailableOffline(query) || (query.isError && items.length === 0)) {
    return <LoadFailed query={query} className="feed-status card" savedCopy="posts" />;
  }
  if (query.isPending) return <FeedSkeletons count={FEED_SKELETONS} />;
  const pullToRefresh = <PullToRefresh onRefresh={() => refetchFirstPage(queryClient, options.queryKey)} />;
  if (items.length === 0) {
    return (
      <>
        {pullToRefresh}
        <div className="feed-status feed-status--empty card">
          <p>Nothing to show</p>
        </div>
      </>
    );
  }
  return (
    <>
      {pullToRefresh}
      <ul className="profile-feed" aria-label={`@${username}'s ${filter === 'overview' ? 'posts and comments' : filter}`} aria-busy={isFetchingNextPage}>
        {items.map((entry, index) => (
          <li key={`${entry.type}:${entry.item.id}`} className="profile-feed__item">
            {entry.type === 'post' ? renderPost(entry.item, index) : <ProfileComment comment={entry.item} />}
          </li>
        ))}
      </ul>
      {isFetchingNextPage && <FeedSkeletons count={2} />}
      <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} isFetchNextPageError={isFetchNextPageError} fetchNextPage={fetchNextPage} />
      {!hasNextPage && <p className="profile-feed__end">{END_TEXT[filter]}</p>}
    </>
  );
}
