import { parseSearch } from '@quorum/shared/search';
import type { SearchSort, SearchType } from '@quorum/shared/entities/search';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { normalizeSearch, rememberSearch } from '../recent-searches.ts';

/**
 * Opens the results of a search and remembers it among the recent searches. A `type:` modifier in
 * the text chooses the tab; otherwise the tab shown now (if any) stays.
 */
export function useRunSearch() {
  const navigate = useNavigate();
  return useCallback(
    (text: string, current?: { type: SearchType; sort: SearchSort }) => {
      const q = normalizeSearch(text);
      if (!q) return;
      rememberSearch(q);
      navigate(paths.search.getHref({ q, type: parseSearch(q).type ?? current?.type, sort: current?.sort }));
    },
    [navigate],
  );
}
