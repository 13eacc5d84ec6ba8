import { COMMUNITY_SORTS } from '@quorum/shared/constants';
import type { CommunitySort } from '@quorum/shared/entities/communities';
import { useId } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { SortSelect } from '../../../components/ui/sort-select.tsx';
import './communities-list.css';

const SORT_LABELS: Record<CommunitySort, string> = {
  new: 'Latest',
  old: 'Oldest',
  size: 'Popular',
  name_asc: 'A-Z',
  name_dsc: 'Z-A',
};

interface CommunitiesControlsProps {
  text: string;
  onTextChange: (text: string) => void;
  sort: CommunitySort;
  onSortChange: (sort: CommunitySort) => void;
}

/** The search box and the sort of the communities list. */
export function CommunitiesControls({ text, onTextChange, sort, onSortChange }: CommunitiesControlsProps) {
  const searchId = useId();
  return (
    <div className="communities-header__controls">
      <div className="search-box">
        <label htmlFor={searchId} className="visually-hidden">
          Search communities
        </label>
        <Icon name="search" size={18} />
        <input
          id={searchId}
          type="search"
          className="search-box__input"
          placeholder="Search communities"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <SortSelect label="Sort communities by" sorts={COMMUNITY_SORTS} labels={SORT_LABELS} value={sort} onChange={onSortChange} />
    </div>
  );
}
