import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { clearPersistedCache } from '../query-persister.ts';
import { sessionKeys } from './keys.ts';

function isSessionKey(queryKey: QueryKey): boolean {
  return sessionKeys.all.every((part, index) => queryKey[index] === part);
}

/**
 * Drops every cached answer fetched for another user, in memory and in the copy saved for
 * offline use; the screens on show fetch theirs again. The session's own queries are left to the
 * caller.
 */
export async function dropUserData(client: QueryClient): Promise<void> {
  await clearPersistedCache();
  client.removeQueries({ predicate: (query) => !isSessionKey(query.queryKey) && query.getObserversCount() === 0 });
  await client.resetQueries({ predicate: (query) => !isSessionKey(query.queryKey) });
}
