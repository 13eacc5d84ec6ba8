import { ApiError } from '@quorum/client/api-error';
import { USER_POLL_MS } from '@quorum/shared/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { writeUser } from '../cache/user-cache.ts';
import { initialOptions, useSessionUser } from './get-initial.ts';
import { sessionKeys } from './keys.ts';
import { applySessionChange } from './session-change.ts';

/**
 * Polls GET /api/_user every USER_POLL_MS while someone is logged in and the tab is visible, and
 * writes the answer over every cached copy of the user (the bootstrap data, where every screen
 * reads the user from, and their profile). A 401 means
 * the session ended elsewhere.
 */
export function useCurrentUserPoll(): void {
  const client = useQueryClient();
  const user = useSessionUser();
  const initialKey = initialOptions().queryKey;

  useQuery({
    queryKey: sessionKeys.currentUser(),
    queryFn: async () => {
      try {
        const fresh = await api.getCurrentUser();
        writeUser(client, fresh.id, () => fresh);
        return fresh;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          await applySessionChange(client, null);
          return null;
        }
        throw error;
      }
    },
    enabled: user !== null,
    initialData: () => client.getQueryData(initialKey)?.user ?? undefined,
    initialDataUpdatedAt: () => client.getQueryState(initialKey)?.dataUpdatedAt,
    staleTime: USER_POLL_MS,
    refetchInterval: USER_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    meta: { silent: true },
  });
}
