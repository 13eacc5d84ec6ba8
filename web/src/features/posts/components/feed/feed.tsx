import { FEED_EAGER_IMAGES, FEED_INITIAL_RENDER } from '@quorum/shared/constants';
import type { Post } from '@quorum/shared/entities/posts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadFailed } from '../../../../components/errors/load-failed.tsx';
import { LoadMore } from '../../../../components/ui/load-more.tsx';
import { PullToRefresh } from '../../../../components/ui/pull-to-refresh.tsx';
import { SavedCopyNote } from '../../../../components/ui/saved-copy-note.tsx';
import { useDevicePreferences } from '../../../../lib/device-preferences.ts';
import { isUnavailableOffline } from '../../../../lib/offline.ts';
import { refetchFirstPage } from '../../../../lib/refetch-first-page.ts';
import { feedOptions } from '../../api/get-feed.ts';
import type { FeedParams } from '../../api/keys.ts';
import { FeedItem } from './feed-item.tsx';
import { FeedSkeleton } from './feed-skeleton.tsx';
import './feed.css';

interface FeedProps {
  params: FeedParams;
  /** Shown after the second post (the sign-up card for visitors on phones). */
  banner?: ReactNode;
  /** Leave the community out of each byline (on the community's own page). */
  showCommunity?: boolean;
  /** An accessible name for the list of posts. */
  label: string;
}

/** The address parameter of a later page of a feed: the cursor it starts at. */
const NEXT_PARAM = 'next';

/**
 * Without script, the feed's next page is a page of its own: a link a reader (or a crawler) of
 * the page drawn on the server follows. The app scrolls on instead.
 */
function NextPageLink({ searchParams, next }: { searchParams: URLSearchParams; next: string | null }) {
  if (!next) return null;
  const target = new URLSearchParams(searchParams);
  target.set(NEXT_PARAM, next);
  return (
    <noscript>
      <a className="button feed-next" href={`?${target.toString()}`} rel="next">
        Next page
      </a>
    </noscript>
  );
}

/** Pages can overlap when ranks change between fetches; each post is shown once. */
function uniquePosts(pages: ReadonlyArray<{ posts: Post[] }>): Post[] {
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of pages) {
    for (const post of page.posts) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

/**
 * A feed of posts in the device's layout, with infinite scroll (or a More button when the device
 * turned it off) and pull to refresh. Posts render as they come near the screen; the first ones
 * load their pictures at once.
 */
export function Feed({ params, banner, showCommunity = true, label }: FeedProps) {
  const { feed_layout: layout } = useDevicePreferences();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const from = searchParams.get(NEXT_PARAM) ?? undefined;
  const options = feedOptions(from ? { ...params, from } : params);
  const query = useInfiniteQuery(options);
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const posts = useMemo(() => uniquePosts(data?.pages ?? []), [data]);
  const pullToRefresh = <PullToRefresh enabled={data !== undefined} onRefresh={() => refetchFirstPage(queryClient, options.queryKey)} />;

  if (isUnavailableOffline(query) || (query.isError && posts.length === 0)) {
    return <LoadFailed query={query} className="feed-status card" savedCopy="posts" />;
  }
  if (query.isPending) return <FeedSkeleton />;

  if (posts.length === 0) {
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
      <SavedCopyNote updatedAt={query.dataUpdatedAt} />
      <ul className={`feed feed--${layout}`} aria-label={label} aria-busy={isFetchingNextPage}>
        {posts.map((post, index) => (
          <Fragment key={post.id}>
            <FeedItem
              post={post}
              layout={layout}
              eager={index < FEED_EAGER_IMAGES}
              initiallyRendered={index < FEED_INITIAL_RENDER}
              showCommunity={showCommunity}
            />
            {banner && index === Math.min(1, posts.length - 1) && <li className="feed__banner">{banner}</li>}
          </Fragment>
        ))}
      </ul>
      {isFetchingNextPage && <FeedSkeleton count={2} />}
      <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} isFetchNextPageError={isFetchNextPageError} fetchNextPage={fetchNextPage} />
      <NextPageLink searchParams={searchParams} next={data?.pages.at(-1)?.next ?? null} />
      {!hasNextPage && <p className="feed-end">No more posts</p>}
    </>
  );
}
