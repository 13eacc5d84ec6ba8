import { FEED_SORTS } from '@quorum/shared/constants';
import type { FeedSort } from '@quorum/shared/entities/posts';
import { Icon } from '../../../../components/ui/icon.tsx';
import { SortSelect } from '../../../../components/ui/sort-select.tsx';
import { updateDevicePreferences, useDevicePreferences } from '../../../../lib/device-preferences.ts';
import { FEED_SORT_LABELS } from './feed-sort.ts';
import './feed.css';

/** The sort of a feed. */
export function FeedSortSelect({ value, onChange }: { value: FeedSort; onChange: (sort: FeedSort) => void }) {
  return (
    <SortSelect label="Sort posts by" sorts={FEED_SORTS} labels={FEED_SORT_LABELS} value={value} onChange={onChange} selectClassName="feed-sort__select" />
  );
}

/** Cards or compact rows: a device preference, switched from any feed. */
export function FeedLayoutToggle() {
  const { feed_layout: layout } = useDevicePreferences();
  return (
    <div className="segmented" role="group" aria-label="Feed layout">
      <button
        type="button"
        className="icon-button segmented__button"
        aria-pressed={layout === 'card'}
        title="Cards"
        onClick={() => updateDevicePreferences({ feed_layout: 'card' })}
      >
        <Icon name="layoutCards" size={18} />
        <span className="visually-hidden">Cards</span>
      </button>
      <button
        type="button"
        className="icon-button segmented__button"
        aria-pressed={layout === 'compact'}
        title="Compact"
        onClick={() => updateDevicePreferences({ feed_layout: 'compact' })}
      >
        <Icon name="layoutCompact" size={18} />
        <span className="visually-hidden">Compact</span>
      </button>
    </div>
  );
}
