import type { SiteSettings } from '@quorum/shared/entities/site';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { initialOptions } from '../../../lib/session/get-initial.ts';
import { siteSettingsOptions } from './get-site-settings.ts';
import { adminKeys } from './keys.ts';

export const updateSiteSettings = defineMutation(adminKeys.mutation('site-settings'), (body: Partial<SiteSettings>): Promise<SiteSettings> =>
  api.updateSiteSettings(body),
);

/** PUT /api/site_settings; the bootstrap data carries some of them (sign-ups, contact), so it loads again. */
export function useUpdateSiteSettings() {
  return useDefinedMutation(updateSiteSettings, {
    onSuccess: async (settings, _body, _onMutateResult, { client }) => {
      client.setQueryData(siteSettingsOptions().queryKey, settings);
      await client.invalidateQueries({ queryKey: initialOptions().queryKey });
    },
  });
}
