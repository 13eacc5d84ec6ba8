import type { SearchPage } from '@quorum/shared/entities/search';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { searchKeys, type SearchParams } from './keys.ts';
import { staleTimes } from '../../../lib/query-client.ts';

/** Sorts apply to posts and comments; names are always listed by their match. */
export const hasSort = (type: SearchParams['type']) => type === 'posts' || type === 'comments';

/** GET /api/search: results of one kind, page by page. */
export const searchResultsOptions = (params: SearchParams) =>
  infiniteQueryOptions({
    queryKey: searchKeys.results(params),
    queryFn: ({ pageParam, signal }): Promise<SearchPage> =>
      api.search({ q: params.q, type: params.type, sort: hasSort(params.type) ? params.sort : undefined, next: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    // The page says itself when results cannot load.
    meta: { silent: true },
  });

/** GET /api/search/suggest: communities and users whose names start with the text. */
export const searchSuggestionsOptions = (q: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(q),
    queryFn: ({ signal }) => api.searchSuggest(q, signal),
    staleTime: staleTimes.lookup,
    meta: { silent: true, persist: false },
  });
