import { CommunitiesControls } from '../../features/communities/components/communities-controls.tsx';
import { CommunitiesList } from '../../features/communities/components/communities-list.tsx';
import { CreateCommunityButton } from '../../features/communities/components/create-community-button.tsx';
import { RequestCommunityButton } from '../../features/communities/components/request-community-modal.tsx';
import { useCommunitySearch } from '../../features/communities/hooks/use-community-search.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useInitialData } from '../../lib/session/get-initial.ts';

/**
 * /communities: every community, searchable and sorted, with Join buttons and Create community
 * (shown to every logged-in user, spec 2 §6); users without the points to create one may also
 * request one from the admins.
 */
export function CommunitiesRoute() {
  useDocumentTitle('Communities');
  const { user, communityCreateReqPoints } = useInitialData();
  const lacksPoints = user !== null && !user.isAdmin && user.points < communityCreateReqPoints;
  const search = useCommunitySearch();

  return (
    <div className="communities-page">
      <header className="communities-header">
        <div className="communities-header__top">
          <h1 className="page-title communities-header__title">Communities</h1>
          {user && (
            <div className="communities-header__actions">
              {lacksPoints && <RequestCommunityButton />}
              <CreateCommunityButton />
            </div>
          )}
        </div>
        <CommunitiesControls text={search.text} onTextChange={search.setText} sort={search.sort} onSortChange={search.setSort} />
      </header>
      <CommunitiesList search={search} />
    </div>
  );
}
