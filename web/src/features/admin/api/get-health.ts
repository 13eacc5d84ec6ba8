import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** How often the health page reads the site's health again while it is open. */
const HEALTH_REFRESH_MS = 30_000;

/** GET /api/_admin/health: how the site is doing, read again every half minute while shown. */
export const healthOptions = () =>
  queryOptions({
    queryKey: adminKeys.health(),
    queryFn: () => api.getSiteHealth(),
    refetchInterval: HEALTH_REFRESH_MS,
    meta: { persist: false },
  });
