import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { initialOptions } from '../../../lib/session/get-initial.ts';
import { adminKeys } from './keys.ts';

/** GET /api/site_settings: the switches of the whole site. */
export const siteSettingsOptions = () =>
  queryOptions({
    queryKey: adminKeys.siteSettings(),
    queryFn: () => api.getSiteSettings(),
    meta: { persist: false },
  });

/** PUT /api/site_settings; the bootstrap data carries some of them (sign-ups, contact), so it loads again. */
export function useUpdateSiteSettings() {
  return useDefinedMutation(mutations.updateSiteSettings, {
    onSuccess: async (settings, _body, _onMutateResult, { client }) => {
      client.setQueryData(siteSettingsOptions().queryKey, settings);
      await client.invalidateQueries({ queryKey: initialOptions().queryKey });
    },
  });
}
