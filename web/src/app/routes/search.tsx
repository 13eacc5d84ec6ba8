import { useSearchParams } from 'react-router-dom';
import { CommunityRow } from '../../features/communities/components/community-row.tsx';
import { SearchPage } from '../../features/search/components/search-page.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /search?q=&type=&sort= */
export function SearchRoute() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim();
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  return <SearchPage renderCommunity={(community) => <CommunityRow community={community} />} />;
}
