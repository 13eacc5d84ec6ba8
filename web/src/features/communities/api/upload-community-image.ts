import type { Community } from '@quorum/shared/types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { uploadFailureMessage } from '../../../lib/upload-errors.ts';
import { updateCachedCommunity } from './update-cached-community.ts';

export type CommunityImageKind = 'pro_pic' | 'banner_image';

/** POST /api/communities/{id}/pro_pic or /banner_image (multipart field `image`). */
export function useUploadCommunityImage() {
  return useMutation({
    mutationFn: ({ community, kind, file }: { community: Community; kind: CommunityImageKind; file: File }) =>
      api.uploadCommunityImage(community.id, kind, file),
    meta: { handlesError: (error) => uploadFailureMessage(error, '') !== null },
    onSuccess: (community, _variables, _onMutateResult, { client }) => updateCachedCommunity(client, community),
  });
}
