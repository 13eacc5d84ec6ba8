import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useIsMobile } from '../../../hooks/use-media-query.ts';
import './profile.css';

/** The outline of a profile while it loads. */
export function ProfileHeaderSkeleton() {
  const size = useIsMobile() ? 64 : 88;
  return (
    <div className="profile-header card" role="status" aria-label="Loading profile">
      <div className="profile-header__picture">
        <Skeleton width={size} height={size} radius={999} />
      </div>
      <div className="profile-header__text">
        <Skeleton width={180} height={28} />
        <Skeleton width={200} height={16} />
      </div>
    </div>
  );
}
