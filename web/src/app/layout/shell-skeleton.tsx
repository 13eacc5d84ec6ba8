import { Icon } from '../../components/ui/icon.tsx';
import { LogoMark } from '../../components/ui/logo.tsx';
import { Skeleton, SkeletonLines } from '../../components/ui/skeleton.tsx';
import './layout.css';

/** The outline of the app while the bootstrap data loads, laid out like the real shell. */
export function ShellSkeleton() {
  return (
    <div className="shell-skeleton" role="status" aria-label="Loading Quorum">
      <div className="navbar">
        <div className="navbar__inner">
          <div className="navbar__start">
            <span className="icon-button navbar__menu" aria-hidden="true">
              <Icon name="menu" size={22} />
            </span>
            <span className="navbar__logo">
              <LogoMark size={30} />
              <span className="navbar__wordmark">Quorum</span>
            </span>
          </div>
          <div className="navbar__end">
            <Skeleton width={84} height={36} radius={999} />
          </div>
        </div>
      </div>
      <div className="layout">
        <div className="sidebar">
          <div className="sidebar__inner">
            {[70, 55, 62, 0, 80, 64, 72, 58].map((width, index) =>
              width === 0 ? <div key={index} className="skeleton-gap" /> : <Skeleton key={index} width={`${width}%`} height={18} className="skeleton--line" />,
            )}
          </div>
        </div>
        <div className="layout__main">
          <div className="card skeleton-card">
            <SkeletonLines lines={[['45%', 28], ['90%', 16], ['75%', 16]]} />
          </div>
          <div className="card skeleton-card">
            <SkeletonLines lines={[['30%', 20], ['85%', 16]]} />
          </div>
        </div>
      </div>
    </div>
  );
}
