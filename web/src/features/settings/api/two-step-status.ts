import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staleTimes } from '../../../lib/query-client.ts';
import { settingsKeys } from './keys.ts';

/**
 * GET /api/two_step: whether two-step sign-in is on and how many backup codes are left. Read again
 * at every visit (another device may have changed it, or used a code) and never saved for offline use.
 */
export const twoStepOptions = () =>
  queryOptions({
    queryKey: settingsKeys.twoStep(),
    queryFn: ({ signal }) => api.getTwoStep(signal),
    staleTime: staleTimes.queue,
    meta: { persist: false },
  });
