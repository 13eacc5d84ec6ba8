import { Skeleton, SkeletonLines } from '../../../../components/ui/skeleton.tsx';
import './post-page.css';

/** The outline of a post page while it loads, the same size as what arrives. */
export function PostPageSkeleton() {
  return (
    <div className="columns" aria-busy="true" aria-label="Loading the post">
      <div className="columns__main post-layout__main">
        <div className="post-page card" aria-hidden="true">
          <div className="post-page__header">
            <Skeleton width={22} height={22} radius={999} />
            <Skeleton width={180} height={14} />
          </div>
          <SkeletonLines lines={[['85%', 28], ['60%', 28]]} />
          <div className="post-page__skeleton-body">
            <SkeletonLines lines={[['100%', 14], ['96%', 14], ['72%', 14]]} />
          </div>
          <div className="post-page__footer">
            <Skeleton width={112} height={34} radius={999} />
            <Skeleton width={160} height={34} radius={999} />
          </div>
        </div>
        <div className="comments card" aria-hidden="true">
          <Skeleton width={120} height={20} />
          <Skeleton width="100%" height={84} radius={12} />
        </div>
      </div>
      <div className="columns__aside columns__aside--wide-only" aria-hidden="true">
        <div className="card post-community">
          <Skeleton width={44} height={44} radius={999} />
          <Skeleton width="45%" height={18} />
          <Skeleton width={72} height={38} radius={999} />
        </div>
        <div className="card post-page__skeleton-body">
          <SkeletonLines lines={[['50%', 14], ['100%', 14], ['80%', 14]]} />
        </div>
      </div>
    </div>
  );
}
