import { COMMUNITY_SORTS } from '@quorum/shared/constants';
import type { CommunitySort } from '@quorum/shared/entities/communities';
import { SearchField } from '../../../components/ui/search-field.tsx';
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
  return (
    <div className="communities-header__controls">
      <SearchField className="communities-header__search" label="Search communities" placeholder="Search communities" value={text} onChange={onTextChange} />
      <SortSelect label="Sort communities by" sorts={COMMUNITY_SORTS} labels={SORT_LABELS} value={sort} onChange={onSortChange} />
    </div>
  );
}
