import type { Community } from '@quorum/shared/types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { CommunityImageKind } from './upload-community-image.ts';
import { updateCachedCommunity } from './update-cached-community.ts';

/** DELETE /api/communities/{id}/pro_pic or /banner_image. */
export function useRemoveCommunityImage() {
  return useMutation({
    mutationFn: ({ community, kind }: { community: Community; kind: CommunityImageKind }) => api.deleteCommunityImage(community.id, kind),
    onSuccess: (community, _variables, _onMutateResult, { client }) => updateCachedCommunity(client, community),
  });
}
