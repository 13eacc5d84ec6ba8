import { applyServerUser } from '../../../lib/cache/user-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { uploadFailureMessage } from '../../../lib/upload-errors.ts';

/** POST /api/users/{username}/pro_pic (multipart field `image`). */
export function useUploadProPic() {
  return useDefinedMutation(mutations.uploadProPic, {
    meta: { handlesError: (error) => uploadFailureMessage(error, '') !== null },
    onSuccess: (user, _variables, _onMutateResult, { client }) => applyServerUser(client, user),
  });
}

/** DELETE /api/users/{username}/pro_pic */
export function useRemoveProPic() {
  return useDefinedMutation(mutations.removeProPic, {
    onSuccess: (user, _variables, _onMutateResult, { client }) => applyServerUser(client, user),
  });
}
