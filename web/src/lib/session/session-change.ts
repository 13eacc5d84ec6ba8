import type { User } from '@quorum/shared/entities/users';
import type { QueryClient } from '@tanstack/react-query';
import { dropUserData } from './drop-user-data.ts';
import { initialOptions } from './get-initial.ts';
import { sessionKeys } from './keys.ts';
import { announceSessionChange, onOtherTabSessionChange } from './session-broadcast.ts';

/**
 * After a login, signup or logout: show the new user at once, drop every cached answer that was
 * fetched for the previous user (in memory and the copy saved for offline use), then reload the
 * bootstrap data for the new session. The other tabs are told, unless the change came from one
 * of them.
 */
export async function applySessionChange(client: QueryClient, user: User | null, { fromOtherTab = false } = {}): Promise<void> {
  if (!fromOtherTab) announceSessionChange(user);
  const initialKey = initialOptions().queryKey;
  await client.cancelQueries();
  client.setQueryData(initialKey, (initial) => (initial ? { ...initial, user } : initial));
  // The polled user belongs to the old session: its observer starts afresh for the new one.
  client.removeQueries({ queryKey: sessionKeys.currentUser(), exact: true });
  await dropUserData(client);
  await client.refetchQueries({ queryKey: initialKey, exact: true });
}

/** Keeps this tab on the session the other tabs switch to; answers a function that stops following. */
export function followOtherTabs(client: QueryClient): () => void {
  return onOtherTabSessionChange((user) => void applySessionChange(client, user, { fromOtherTab: true }));
}
