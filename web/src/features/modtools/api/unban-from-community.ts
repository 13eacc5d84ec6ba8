import type { User } from '@quorum/shared/entities/users';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { bannedOptions } from './get-banned.ts';
import { modtoolsKeys } from './keys.ts';

export const unbanFromCommunity = defineMutation(
  modtoolsKeys.mutation('unban-from-community'),
  ({ communityId, username }: { communityId: string; username: string }): Promise<User> => api.unbanFromCommunity(communityId, username),
);

/** DELETE /api/communities/{id}/banned {username} */
export function useUnbanFromCommunity() {
  return useDefinedMutation(unbanFromCommunity, {
    onSuccess: (user, { communityId }, _onMutateResult, { client }) =>
      client.setQueryData(bannedOptions(communityId).queryKey, (banned) => banned?.filter((item) => item.id !== user.id)),
  });
}
