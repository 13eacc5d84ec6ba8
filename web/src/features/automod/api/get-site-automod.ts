import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { automodKeys } from './keys.ts';

/** GET /api/automod: the site-wide watched words (admins). */
export const siteAutoModOptions = () =>
  queryOptions({
    queryKey: automodKeys.site(),
    queryFn: ({ signal }) => api.getSiteAutoMod(signal),
    meta: { persist: false },
  });
