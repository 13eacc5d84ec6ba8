import { CommunitiesControls } from '../../features/communities/components/communities-controls.tsx';
import { CommunitiesList } from '../../features/communities/components/communities-list.tsx';
import { CreateCommunityButton } from '../../features/communities/components/create-community-button.tsx';
import { RequestCommunityButton } from '../../features/communities/components/request-community-modal.tsx';
import { useCommunitySearch } from '../../features/communities/hooks/use-community-search.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useInitialData } from '../../lib/session/get-initial.ts';

/**
 * /communities: every community, searchable and sorted, with Join buttons, and Create community
 * (or, for users without the points the site asks for, Request a community).
 */
export function CommunitiesRoute() {
  useDocumentTitle('Communities');
  const { user, communityCreateReqPoints } = useInitialData();
  const mayCreate = user !== null && (user.isAdmin || user.points >= communityCreateReqPoints);
  const search = useCommunitySearch();

  return (
    <div className="communities-page">
      <header className="communities-header">
        <div className="communities-header__top">
          <h1 className="page-title communities-header__title">Communities</h1>
          {user && (mayCreate ? <CreateCommunityButton /> : <RequestCommunityButton />)}
        </div>
        <CommunitiesControls text={search.text} onTextChange={search.setText} sort={search.sort} onSortChange={search.setSort} />
      </header>
      <CommunitiesList search={search} />
    </div>
  );
}
