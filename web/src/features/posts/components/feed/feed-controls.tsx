import { FEED_SORTS } from '@quorum/shared/constants';
import type { FeedSort } from '@quorum/shared/types';
import { useId } from 'react';
import { Icon } from '../../../../components/ui/icon.tsx';
import { updateDevicePreferences, useDevicePreferences } from '../../../../lib/device-preferences.ts';
import { FEED_SORT_LABELS } from './feed-sort.ts';
import './feed.css';

/** The sort of a feed, as a native select (the phone's own picker on touch screens). */
export function FeedSortSelect({ value, onChange }: { value: FeedSort; onChange: (sort: FeedSort) => void }) {
  const id = useId();
  return (
    <div className="feed-sort">
      <label htmlFor={id} className="feed-sort__label">
        <Icon name="sort" size={18} />
        <span className="visually-hidden">Sort posts by</span>
      </label>
      <select
        id={id}
        className="select feed-sort__select"
        value={value}
        onChange={(event) => {
          const next = FEED_SORTS.find((sort) => sort === event.target.value);
          if (next) onChange(next);
        }}
      >
        {FEED_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {FEED_SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Cards or compact rows: a device preference, switched from any feed. */
export function FeedLayoutToggle() {
  const { feed_layout: layout } = useDevicePreferences();
  return (
    <div className="segmented" role="group" aria-label="Feed layout">
      <button
        type="button"
        className="segmented__button"
        aria-pressed={layout === 'card'}
        title="Cards"
        onClick={() => updateDevicePreferences({ feed_layout: 'card' })}
      >
        <Icon name="layoutCards" size={18} />
        <span className="visually-hidden">Cards</span>
      </button>
      <button
        type="button"
        className="segmented__button"
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
