import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { updateCachedCommunity } from './update-cached-community.ts';

/** DELETE /api/communities/{id}/pro_pic or /banner_image. */
export function useRemoveCommunityImage() {
  return useDefinedMutation(mutations.removeCommunityImage, {
    onSuccess: (community, _variables, _onMutateResult, { client }) => updateCachedCommunity(client, community),
  });
}
