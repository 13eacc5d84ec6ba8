import { FEED_SKELETONS } from '@quorum/shared/constants';
import type { ReactNode } from 'react';
import { Skeleton, SkeletonLines } from '../../../../components/ui/skeleton.tsx';
import { useDevicePreferences } from '../../../../lib/device-preferences.ts';
import type { PostCardLayout } from '../post-card/post-card.tsx';
import './feed.css';
import '../post-card/post-card.css';

/** The outline of a post while a feed loads, in the layout the posts will have. */
export function PostCardSkeleton({ layout }: { layout: PostCardLayout }) {
  if (layout === 'compact') {
    return (
      <div className="post-card post-card--compact post-card--skeleton" aria-hidden="true">
        <div className="votes votes--column">
          <Skeleton width={20} height={20} radius={6} />
          <Skeleton width={18} height={14} />
          <Skeleton width={20} height={20} radius={6} />
        </div>
        <div className="post-card__main">
          <SkeletonLines lines={[['45%', 14], ['85%', 18], ['30%', 14]]} />
        </div>
        <Skeleton className="post-card__thumb" radius={10} />
      </div>
    );
  }
  return (
    <div className="post-card post-card--card post-card--skeleton" aria-hidden="true">
      <div className="post-card__header">
        <Skeleton width={22} height={22} radius={999} />
        <Skeleton width="40%" height={14} />
      </div>
      <SkeletonLines lines={[['80%', 22], ['95%', 14], ['70%', 14]]} />
      <div className="post-card__footer">
        <Skeleton width={96} height={32} radius={999} />
        <Skeleton width={110} height={32} radius={999} />
      </div>
    </div>
  );
}

/** The outline of `count` posts, in the device's layout, while a feed or its next page loads. */
export function FeedSkeleton({ count = FEED_SKELETONS }: { count?: number }) {
  const { feed_layout: layout } = useDevicePreferences();
  return (
    <div className={`feed feed--${layout}`} role="status" aria-label="Loading posts">
      {Array.from({ length: count }, (_, index) => (
        <PostCardSkeleton key={index} layout={layout} />
      ))}
    </div>
  );
}

/**
 * A page with a feed (a community's, a profile's) while it loads: its header's outline over the
 * feed's, as tall as the page will be, so that nothing below moves when it loads.
 */
export function FeedPageSkeleton({ className, header }: { className: string; header: ReactNode }) {
  return (
    <div className={className}>
      {header}
      <FeedSkeleton />
    </div>
  );
}
