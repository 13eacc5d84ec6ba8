import { Skeleton } from '../../../components/ui/skeleton.tsx';
import './communities.css';

/** The outline of a community page while it loads. */
export function CommunityHeaderSkeleton() {
  return (
    <div className="community-header card" role="status" aria-label="Loading community">
      <div className="community-banner community-banner--loading">
        <Skeleton width="100%" height="100%" radius={0} />
      </div>
      <div className="community-header__body">
        <div className="community-header__icon">
          <Skeleton width={88} height={88} radius={999} />
        </div>
        <div className="community-header__text">
          <Skeleton width={180} height={28} />
          <Skeleton width={140} height={16} />
        </div>
      </div>
    </div>
  );
}
