import type { User } from '@quorum/shared/entities/users';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { modtoolsKeys } from './keys.ts';
import { applyMods } from './mods-cache.ts';

export const moveMod = defineMutation(
  modtoolsKeys.mutation('move-mod'),
  ({ communityId, username, position }: { communityId: string; username: string; position: number }): Promise<User[]> =>
    api.moveMod(communityId, username, position),
);

/** PUT /api/communities/{id}/mods/{username} {position} */
export function useMoveMod(viewerId: string | undefined) {
  return useDefinedMutation(moveMod, {
    onSuccess: (mods, { communityId }, _onMutateResult, { client }) => applyMods(client, communityId, mods, viewerId),
  });
}
