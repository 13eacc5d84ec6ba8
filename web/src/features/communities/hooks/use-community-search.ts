import { COMMUNITY_SORTS, DEFAULT_COMMUNITY_SORT, SUGGESTION_DEBOUNCE_MS } from '@quorum/shared/constants';
import type { Community, CommunitySort } from '@quorum/shared/entities/communities';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { communitiesOptions } from '../api/get-communities.ts';

function communitySortFrom(value: string | null): CommunitySort {
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

/**
 * The list of all communities, searched and sorted. The search (`q`) and the sort live in the
 * URL; the search box follows the URL (back and forward) and the URL follows the typed text once
 * typing pauses.
 */
export function useCommunitySearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = communitySortFrom(searchParams.get('sort'));
  const urlQuery = searchParams.get('q') ?? '';
  const [text, setText] = useState(urlQuery);
  const q = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);

  const [shownQuery, setShownQuery] = useState(urlQuery);
  if (shownQuery !== urlQuery) {
    setShownQuery(urlQuery);
    setText((current) => (current.trim() === urlQuery ? current : urlQuery));
  }
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

  const setSort = (next: CommunitySort) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next === DEFAULT_COMMUNITY_SORT) params.delete('sort');
      else params.set('sort', next);
      return params;
    });

  const query = useInfiniteQuery(communitiesOptions({ sort, q: urlQuery }));
  const { data } = query;
  const communities = useMemo(() => {
    const all = data?.pages.flatMap((page) => page.communities) ?? [];
    return urlQuery ? sortMatches(all, sort) : all;
  }, [data, urlQuery, sort]);

  return { text, setText, sort, setSort, searched: urlQuery, query, communities };
}
