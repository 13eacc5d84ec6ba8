import type { SearchSort, SearchType } from '@quorum/shared/entities/search';

export interface SearchParams {
  /** The box's text as typed, modifiers included. */
  q: string;
  type: SearchType;
  sort: SearchSort;
}

/** Query keys of search results and of the suggestions shown while typing. */
export const searchKeys = {
  all: ['search'] as const,
  results: (params: SearchParams) => [...searchKeys.all, 'results', params] as const,
  suggestions: (q: string) => [...searchKeys.all, 'suggestions', q.toLowerCase()] as const,
};
