import type { SiteAutoMod } from '@quorum/shared/entities/automod';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { siteAutoModOptions } from './get-site-automod.ts';
import { automodKeys } from './keys.ts';
import { autoModSaveError } from './save-error.ts';

export const updateSiteAutoMod = defineMutation(automodKeys.mutation('update-site'), (settings: SiteAutoMod): Promise<SiteAutoMod> =>
  api.updateSiteAutoMod(settings),
);

/** PUT /api/automod {words}: the whole site-wide list replaces the old one; the answer is what was saved. */
export function useUpdateSiteAutoMod() {
  return useDefinedMutation(updateSiteAutoMod, {
    meta: { handlesError: (error) => autoModSaveError(error) !== null },
    onSuccess: (saved, _settings, _onMutateResult, { client }) => {
      client.setQueryData(siteAutoModOptions().queryKey, saved);
    },
  });
}
