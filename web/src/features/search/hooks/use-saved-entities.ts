import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { collectEntities, type SavedEntities } from '../offline-search.ts';

const NONE: SavedEntities = { posts: [], comments: [], communities: [], users: [] };

/** The entities the query cache holds (what was seen and saved), gathered only while `enabled`. */
export function useSavedEntities(enabled: boolean): SavedEntities {
  const client = useQueryClient();
  return useMemo(() => (enabled ? collectEntities(client.getQueryCache().getAll().map((query) => query.state.data)) : NONE), [client, enabled]);
}
