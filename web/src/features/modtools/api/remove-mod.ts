import type { User } from '@quorum/shared/entities/users';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { modtoolsKeys } from './keys.ts';
import { applyMods } from './mods-cache.ts';

export const removeMod = defineMutation(
  modtoolsKeys.mutation('remove-mod'),
  ({ communityId, username }: { communityId: string; username: string }): Promise<User[]> => api.removeMod(communityId, username),
);

/** DELETE /api/communities/{id}/mods/{username}: a removal, or the viewer resigning. */
export function useRemoveMod(viewerId: string | undefined) {
  return useDefinedMutation(removeMod, {
    onSuccess: (mods, { communityId }, _onMutateResult, { client }) => applyMods(client, communityId, mods, viewerId),
  });
}
