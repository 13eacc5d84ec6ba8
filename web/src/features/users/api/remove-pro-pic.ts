import type { User } from '@quorum/shared/entities/users';
import { api } from '../../../lib/api-client.ts';
import { writeUser } from '../../../lib/cache/user-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { userKeys } from './keys.ts';

export const removeProPic = defineMutation(userKeys.mutation('remove-pro-pic'), (username: string): Promise<User> => api.deleteProPic(username));

/** DELETE /api/users/{username}/pro_pic */
export function useRemoveProPic() {
  return useDefinedMutation(removeProPic, {
    onSuccess: (user, _variables, _onMutateResult, { client }) => writeUser(client, user),
  });
}
