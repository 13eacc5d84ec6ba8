import type { User } from '@quorum/shared/entities/users';
import { api } from '../../../lib/api-client.ts';
import { writeUser } from '../../../lib/cache/user-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { uploadFailureMessage } from '../../../lib/upload-errors.ts';
import { userKeys } from './keys.ts';

export const uploadProPic = defineMutation(userKeys.mutation('upload-pro-pic'), ({ username, file }: { username: string; file: File }): Promise<User> =>
  api.uploadProPic(username, file),
);

/** POST /api/users/{username}/pro_pic (multipart field `image`). */
export function useUploadProPic() {
  return useDefinedMutation(uploadProPic, {
    meta: { handlesError: (error) => uploadFailureMessage(error, '') !== null },
    onSuccess: (user, _variables, _onMutateResult, { client }) => writeUser(client, user),
  });
}
