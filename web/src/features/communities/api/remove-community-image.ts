import type { Community } from '@quorum/shared/entities/communities';
import { api } from '../../../lib/api-client.ts';
import { writeCommunity } from '../../../lib/cache/community-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { seedCommunity } from './get-community.ts';
import { communityKeys } from './keys.ts';
import type { CommunityImageKind } from './upload-community-image.ts';

export const removeCommunityImage = defineMutation(
  communityKeys.mutation('remove-image'),
  ({ community, kind }: { community: Community; kind: CommunityImageKind }): Promise<Community> => api.deleteCommunityImage(community.id, kind),
);

/** DELETE /api/communities/{id}/pro_pic or /banner_image. */
export function useRemoveCommunityImage() {
  return useDefinedMutation(removeCommunityImage, {
    onSuccess: (community, _variables, _onMutateResult, { client }) => {
      writeCommunity(client, community);
      seedCommunity(client, community);
    },
  });
}
