import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staleTimes } from '../../../lib/query-client.ts';

export const usernameKeys = {
  all: ['usernames'] as const,
  availability: (username: string) => [...usernameKeys.all, 'availability', username.toLowerCase()] as const,
};

/** GET /api/users/{name}, where a 404 means the name is free. */
export const usernameAvailabilityOptions = (username: string) =>
  queryOptions({
    queryKey: usernameKeys.availability(username),
    queryFn: () => api.isUsernameFree(username),
    staleTime: staleTimes.lookup,
    retry: false,
    // A failed check is not worth an alert: the signup itself answers for a taken name. A check
    // is worth nothing offline, so it is not saved.
    meta: { silent: true, persist: false },
  });
