import { isPastThreshold, pullOffset, pullProgress, PULL_OFFSET_REFRESHING_PX, usePullToRefresh } from '../../hooks/use-pull-to-refresh.ts';
import { Icon } from './icon.tsx';
import './pull-to-refresh.css';

interface PullToRefreshProps {
  /** Loads the newest items; rejects when that failed. */
  onRefresh: () => Promise<unknown>;
  /** Off while there is nothing to refresh. */
  enabled?: boolean;
}

type PullPhase = 'idle' | 'pulling' | 'armed' | 'refreshing';

function phaseOf(drag: number, refreshing: boolean): PullPhase {
  if (refreshing) return 'refreshing';
  if (drag <= 0) return 'idle';
  return isPastThreshold(drag) ? 'armed' : 'pulling';
}

/**
 * Pull to refresh for the list on screen: a round indicator comes down from under the navbar as
 * the page is pulled at its top, turns once it is pulled far enough to refresh, and spins while
 * the refresh runs.
 */
export function PullToRefresh({ onRefresh, enabled = true }: PullToRefreshProps) {
  const { drag, refreshing } = usePullToRefresh({ enabled, onRefresh });
  const phase = phaseOf(drag, refreshing);
  const offset = refreshing ? PULL_OFFSET_REFRESHING_PX : pullOffset(drag);
  return (
    <div className="pull-refresh" data-state={phase} style={{ transform: `translate(-50%, calc(${offset}px - 100%))` }}>
      <span className="pull-refresh__circle" aria-hidden="true">
        <span className="pull-refresh__icon" style={{ transform: `rotate(${Math.round(pullProgress(drag) * 270)}deg)` }}>
          <Icon name="refresh" size={20} />
        </span>
      </span>
      <span className="visually-hidden" role="status">
        {refreshing ? 'Refreshing' : ''}
      </span>
    </div>
  );
}
