import type { Community } from '@quorum/shared/entities/communities';
import { api } from '../../../lib/api-client.ts';
import { writeCommunity } from '../../../lib/cache/community-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { uploadFailureMessage } from '../../../lib/upload-errors.ts';
import { seedCommunity } from './get-community.ts';
import { communityKeys } from './keys.ts';

export type CommunityImageKind = 'pro_pic' | 'banner_image';

export const uploadCommunityImage = defineMutation(
  communityKeys.mutation('upload-image'),
  ({ community, kind, file }: { community: Community; kind: CommunityImageKind; file: File }): Promise<Community> =>
    api.uploadCommunityImage(community.id, kind, file),
);

/** POST /api/communities/{id}/pro_pic or /banner_image (multipart field `image`). */
export function useUploadCommunityImage() {
  return useDefinedMutation(uploadCommunityImage, {
    meta: { handlesError: (error) => uploadFailureMessage(error, '') !== null },
    onSuccess: (community, _variables, _onMutateResult, { client }) => {
      writeCommunity(client, community);
      seedCommunity(client, community);
    },
  });
}
