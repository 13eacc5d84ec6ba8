import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staleTimes } from '../../../lib/query-client.ts';
import { settingsKeys } from './keys.ts';

/**
 * GET /api/sessions: where the member is logged in, this device first. Read again at every visit
 * (another device may have logged in or out) and never saved for offline use.
 */
export const sessionsOptions = () =>
  queryOptions({
    queryKey: settingsKeys.sessions(),
    queryFn: ({ signal }) => api.getSessions(signal),
    staleTime: staleTimes.queue,
    meta: { persist: false },
  });
