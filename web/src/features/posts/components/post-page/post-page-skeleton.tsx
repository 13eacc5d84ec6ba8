import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import './post-page.css';

/** The outline of a post page while it loads, the same size as what arrives. */
export function PostPageSkeleton() {
  return (
    <div className="post-layout" aria-busy="true" aria-label="Loading the post">
      <div className="post-layout__main">
        <div className="post-page card" aria-hidden="true">
          <div className="post-page__header">
            <Skeleton width={22} height={22} radius={999} />
            <Skeleton width={180} height={14} />
          </div>
          <Skeleton width="85%" height={28} />
          <Skeleton width="60%" height={28} />
          <div className="post-page__skeleton-body">
            <Skeleton width="100%" height={14} />
            <Skeleton width="96%" height={14} />
            <Skeleton width="72%" height={14} />
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
      <div className="post-layout__aside" aria-hidden="true">
        <div className="card post-community">
          <Skeleton width={44} height={44} radius={999} />
          <Skeleton width="45%" height={18} />
          <Skeleton width={72} height={38} radius={999} />
        </div>
        <div className="card post-page__skeleton-body">
          <Skeleton width="50%" height={14} />
          <Skeleton width="100%" height={14} />
          <Skeleton width="80%" height={14} />
        </div>
      </div>
    </div>
  );
}
