import type { Community } from '@quorum/shared/entities/communities';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { communityKeys } from './keys.ts';
import { updateCachedCommunity } from './update-cached-community.ts';
import type { CommunityImageKind } from './upload-community-image.ts';

export const removeCommunityImage = defineMutation(
  communityKeys.mutation('remove-image'),
  ({ community, kind }: { community: Community; kind: CommunityImageKind }): Promise<Community> => api.deleteCommunityImage(community.id, kind),
);

/** DELETE /api/communities/{id}/pro_pic or /banner_image. */
export function useRemoveCommunityImage() {
  return useDefinedMutation(removeCommunityImage, {
    onSuccess: (community, _variables, _onMutateResult, { client }) => updateCachedCommunity(client, community),
  });
}
