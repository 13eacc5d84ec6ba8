import { COMMUNITY_SORTS } from '@quorum/shared/constants';
import type { CommunitySort } from '@quorum/shared/types';
import { useId } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { communitySortFrom } from '../hooks/use-community-search.ts';
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
  const sortId = useId();
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
      <div className="feed-sort">
        <label htmlFor={sortId} className="feed-sort__label">
          <Icon name="sort" size={18} />
          <span className="visually-hidden">Sort communities by</span>
        </label>
        <select id={sortId} className="select" value={sort} onChange={(event) => onSortChange(communitySortFrom(event.target.value))}>
          {COMMUNITY_SORTS.map((value) => (
            <option key={value} value={value}>
              {SORT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
