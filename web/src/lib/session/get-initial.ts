import type { InitialData } from '@quorum/shared/entities/site';
import type { User } from '@quorum/shared/entities/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { dropUserData } from './drop-user-data.ts';
import { sessionKeys } from './keys.ts';
import { staleTimes } from '../query-client.ts';

/**
 * GET /api/_initial: who is logged in, their communities, mutes, lists and site values. The
 * whole app waits for it; it is refetched whenever the session changes.
 */
export const initialOptions = () =>
  queryOptions({
    queryKey: sessionKeys.initial(),
    queryFn: async ({ signal, client }): Promise<InitialData> => {
      const initial = await api.getInitial(signal);
      // The session changed outside this page (another tab, an expired cookie) since the data
      // restored from the device was saved: none of it belongs to this user.
      const before = client.getQueryData<InitialData>(sessionKeys.initial());
      if (before && (before.user?.id ?? null) !== (initial.user?.id ?? null)) await dropUserData(client);
      return initial;
    },
    staleTime: staleTimes.seldom,
    gcTime: Infinity,
    // The bootstrap screen tells offline from other failures itself, so the fetch runs even when
    // the browser believes it is offline, and a failure shows at once with a Retry button.
    networkMode: 'always',
    retry: false,
  });

/** The bootstrap data; only for components rendered after the bootstrap finished. */
export function useInitialData(): InitialData {
  const { data } = useQuery(initialOptions());
  if (data === undefined) throw new Error('The initial data was read before it loaded.');
  return data;
}

/** The logged-in user, or null for visitors. */
export function useSessionUser(): User | null {
  const { data } = useQuery({ ...initialOptions(), select: (initial) => initial.user });
  return data ?? null;
}

/**
 * The logged-in user, and whether the bootstrap data is being fetched again: a copy restored from
 * the device may predate a login, so "logged out" is only sure once that fetch is over.
 */
export function useSessionCheck(): { user: User | null; checking: boolean } {
  const { data, fetchStatus } = useQuery({ ...initialOptions(), select: (initial) => initial.user });
  return { user: data ?? null, checking: fetchStatus === 'fetching' };
}
