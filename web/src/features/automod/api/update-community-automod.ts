import type { CommunityAutoMod } from '@quorum/shared/entities/automod';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { communityAutoModOptions } from './get-community-automod.ts';
import { automodKeys } from './keys.ts';
import { autoModSaveError } from './save-error.ts';

export const updateCommunityAutoMod = defineMutation(
  automodKeys.mutation('update-community'),
  ({ communityId, settings }: { communityId: string; settings: CommunityAutoMod }): Promise<CommunityAutoMod> =>
    api.updateCommunityAutoMod(communityId, settings),
);

/** PUT /api/communities/{id}/automod {words, newMembers}: the whole list replaces the old one; the answer is what was saved. */
export function useUpdateCommunityAutoMod() {
  return useDefinedMutation(updateCommunityAutoMod, {
    meta: { handlesError: (error) => autoModSaveError(error) !== null },
    onSuccess: (saved, { communityId }, _onMutateResult, { client }) => {
      client.setQueryData(communityAutoModOptions(communityId).queryKey, saved);
    },
  });
}
