import { genericErrorMessage } from '@quorum/client/api-error';
import { COMMUNITY_SORTS, DEFAULT_COMMUNITY_SORT, SUGGESTION_DEBOUNCE_MS } from '@quorum/shared/constants';
import type { Community, CommunitySort } from '@quorum/shared/types';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Icon } from '../../components/ui/icon.tsx';
import { LoadMore } from '../../components/ui/load-more.tsx';
import { communitiesOptions } from '../../features/communities/api/get-communities.ts';
import { CommunityRow, CommunityRowSkeleton } from '../../features/communities/components/community-row.tsx';
import { CreateCommunityModal } from '../../features/communities/components/create-community-modal.tsx';
import { useInvalidateFeeds } from '../../features/posts/api/get-feed.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';
import '../../features/communities/components/communities-list.css';

const SORT_LABELS: Record<CommunitySort, string> = {
  new: 'Latest',
  old: 'Oldest',
  size: 'Popular',
  name_asc: 'A-Z',
  name_dsc: 'Z-A',
};

function sortFrom(value: string | null): CommunitySort {
  return COMMUNITY_SORTS.find((sort) => sort === value) ?? DEFAULT_COMMUNITY_SORT;
}

/** Search answers come best match first; they are put in the chosen order here. */
function sortMatches(communities: Community[], sort: CommunitySort): Community[] {
  const name = (community: Community) => community.name.toLowerCase();
  const compare: Record<CommunitySort, (a: Community, b: Community) => number> = {
    new: (a, b) => b.createdAt.localeCompare(a.createdAt),
    old: (a, b) => a.createdAt.localeCompare(b.createdAt),
    size: (a, b) => b.noMembers - a.noMembers,
    name_asc: (a, b) => name(a).localeCompare(name(b)),
    name_dsc: (a, b) => name(b).localeCompare(name(a)),
  };
  return [...communities].sort(compare[sort]);
}

/** /communities: every community, searchable and sorted, with Join buttons and Create community. */
export function CommunitiesRoute() {
  useDocumentTitle('Communities');
  const user = useSessionUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = sortFrom(searchParams.get('sort'));
  const urlQuery = searchParams.get('q') ?? '';
  const [text, setText] = useState(urlQuery);
  const q = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);
  const invalidateFeeds = useInvalidateFeeds();
  const searchId = useId();
  const sortId = useId();

  // The search text follows the URL (back and forward), and the URL follows the debounced text.
  useEffect(() => setText((current) => (current.trim() === urlQuery ? current : urlQuery)), [urlQuery]);
  const lastQ = useRef(q);
  useEffect(() => {
    if (q === lastQ.current) return;
    lastQ.current = q;
    if (q === urlQuery) return;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (q) params.set('q', q);
        else params.delete('q');
        return params;
      },
      { replace: true },
    );
  }, [q, urlQuery, setSearchParams]);

  const query = useInfiniteQuery(communitiesOptions({ sort, q: urlQuery }));
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const communities = useMemo(() => {
    const all = data?.pages.flatMap((page) => page.communities) ?? [];
    return urlQuery ? sortMatches(all, sort) : all;
  }, [data, urlQuery, sort]);

  const setSort = (next: CommunitySort) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next === DEFAULT_COMMUNITY_SORT) params.delete('sort');
      else params.set('sort', next);
      return params;
    });

  return (
    <div className="communities-page">
      <header className="communities-header">
        <div className="communities-header__top">
          <h1 className="page-title communities-header__title">Communities</h1>
          {user && (
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              <Icon name="plus" size={18} />
              Create community
            </button>
          )}
        </div>
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
              onChange={(event) => setText(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div className="feed-sort">
            <label htmlFor={sortId} className="feed-sort__label">
              <Icon name="sort" size={18} />
              <span className="visually-hidden">Sort communities by</span>
            </label>
            <select id={sortId} className="select" value={sort} onChange={(event) => setSort(sortFrom(event.target.value))}>
              {COMMUNITY_SORTS.map((value) => (
                <option key={value} value={value}>
                  {SORT_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </header>

      <div className="card communities-list">
        {query.isPending ? (
          <div role="status" aria-label="Loading communities">
            {Array.from({ length: 7 }, (_, index) => (
              <CommunityRowSkeleton key={index} />
            ))}
          </div>
        ) : query.isError && communities.length === 0 ? (
          <div className="feed-status">
            <p>{genericErrorMessage(query.error)}</p>
            <button type="button" className="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
              Retry
            </button>
          </div>
        ) : communities.length === 0 ? (
          <p className="feed-status">{urlQuery ? `No communities match "${urlQuery}".` : 'Nothing to show'}</p>
        ) : (
          <ul className="communities-list__items" aria-label="Communities" aria-busy={isFetchingNextPage}>
            {communities.map((community) => (
              <li key={community.id}>
                <CommunityRow community={community} onMembershipChange={invalidateFeeds} />
              </li>
            ))}
          </ul>
        )}
        {isFetchingNextPage && <CommunityRowSkeleton />}
        <LoadMore hasNextPage={hasNextPage} isFetchingNextPage={isFetchingNextPage} isFetchNextPageError={isFetchNextPageError} fetchNextPage={fetchNextPage} />
      </div>
      <CreateCommunityModal open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
