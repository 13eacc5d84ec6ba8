import { Skeleton, SkeletonLines } from '../../../components/ui/skeleton.tsx';

/** Cards of grey lines while a modtools list loads. */
export function ModtoolsListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="modtools-posts" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="card report-card">
          <Skeleton width="35%" height={14} />
          <SkeletonLines lines={[['85%', 20], ['60%', 14]]} />
        </div>
      ))}
    </div>
  );
}
