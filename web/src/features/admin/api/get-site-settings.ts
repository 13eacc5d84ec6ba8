import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** GET /api/site_settings: the switches of the whole site. */
export const siteSettingsOptions = () =>
  queryOptions({
    queryKey: adminKeys.siteSettings(),
    queryFn: () => api.getSiteSettings(),
    meta: { persist: false },
  });
