import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import type { useCommunitySearch } from '../hooks/use-community-search.ts';
import { CommunityRow, CommunityRowSkeleton } from './community-row.tsx';
import './communities-list.css';

interface CommunitiesListProps {
  search: ReturnType<typeof useCommunitySearch>;
}

/** The communities found, with Join buttons, loading more at the end. */
export function CommunitiesList({ search }: CommunitiesListProps) {
  const { query, communities, searched } = search;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  return (
    <div className="card communities-list">
      {query.isPending ? (
        <div role="status" aria-label="Loading communities">
          {Array.from({ length: 7 }, (_, index) => (
            <CommunityRowSkeleton key={index} />
          ))}
        </div>
      ) : query.isError && communities.length === 0 ? (
        <LoadFailed query={query} />
      ) : communities.length === 0 ? (
        <p className="feed-status">{searched ? `No communities match "${searched}".` : 'Nothing to show'}</p>
      ) : (
        <ul className="communities-list__items" aria-label="Communities" aria-busy={isFetchingNextPage}>
          {communities.map((community) => (
            <li key={community.id}>
              <CommunityRow community={community} />
            </li>
          ))}
        </ul>
      )}
      {isFetchingNextPage && <CommunityRowSkeleton />}
      <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} isFetchNextPageError={isFetchNextPageError} fetchNextPage={fetchNextPage} />
    </div>
  );
}
