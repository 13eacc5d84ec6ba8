import type { User } from '@quorum/shared/types';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { initialOptions } from './get-initial.ts';
import { sessionKeys } from './keys.ts';

function startsWith(queryKey: QueryKey, prefix: QueryKey): boolean {
  return prefix.every((part, index) => queryKey[index] === part);
}

/**
 * After a login, signup or logout: show the new user at once, drop every cached answer that was
 * fetched for the previous user, then reload the bootstrap data for the new session.
 */
export async function applySessionChange(client: QueryClient, user: User | null): Promise<void> {
  const initialKey = initialOptions().queryKey;
  const isOtherData = (queryKey: QueryKey) => !startsWith(queryKey, sessionKeys.all);

  await client.cancelQueries();
  client.setQueryData(initialKey, (initial) => (initial ? { ...initial, user } : initial));
  // The polled user belongs to the old session: its observer starts afresh for the new one.
  client.removeQueries({ queryKey: sessionKeys.currentUser(), exact: true });
  client.removeQueries({ predicate: (query) => isOtherData(query.queryKey) && query.getObserversCount() === 0 });
  await client.resetQueries({ predicate: (query) => isOtherData(query.queryKey) });
  await client.refetchQueries({ queryKey: initialKey, exact: true });
}
