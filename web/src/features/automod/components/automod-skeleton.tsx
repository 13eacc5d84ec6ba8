import { Skeleton, SkeletonLines } from '../../../components/ui/skeleton.tsx';

/** Grey lines in the shape of the editor while the list loads. */
export function AutoModSkeleton({ label }: { label: string }) {
  return (
    <div className="automod" role="status" aria-label={label}>
      <div className="card automod-skeleton">
        <Skeleton width="40%" height={18} />
        <Skeleton width={120} height={32} radius={999} />
        <SkeletonLines lines={[['70%', 16], ['55%', 14], ['80%', 16], ['45%', 14]]} />
      </div>
      <div className="card automod-skeleton">
        <Skeleton width="30%" height={18} />
        <Skeleton width="100%" height={80} />
      </div>
    </div>
  );
}
