import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { uploadFailureMessage } from '../../../lib/upload-errors.ts';
import { updateCachedCommunity } from './update-cached-community.ts';

/** POST /api/communities/{id}/pro_pic or /banner_image (multipart field `image`). */
export function useUploadCommunityImage() {
  return useDefinedMutation(mutations.uploadCommunityImage, {
    meta: { handlesError: (error) => uploadFailureMessage(error, '') !== null },
    onSuccess: (community, _variables, _onMutateResult, { client }) => updateCachedCommunity(client, community),
  });
}
