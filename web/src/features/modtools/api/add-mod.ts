import { ApiError } from '@quorum/client/api-error';
import type { User } from '@quorum/shared/entities/users';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { modtoolsKeys } from './keys.ts';
import { applyMods } from './mods-cache.ts';

export const addMod = defineMutation(
  modtoolsKeys.mutation('add-mod'),
  ({ communityId, username }: { communityId: string; username: string }): Promise<User[]> => api.addMod(communityId, username)
);

/** The message the add-moderator form shows beside its field, or null for failures announced elsewhere. */
export function addModError(error: Error | null): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.status === 400 || error.status === 403 || error.status === 409 ? error.message : null;
}

/** An unknown user is announced as the alert 'User not found.' */
export function isUnknownUser(error: Error): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** POST /api/communities/{id}/mods {username}: the new mod goes last. */
export function useAddMod(viewerId: string | undefined) {
  return useDefinedMutation(addMod, {
    meta: { handlesError: (error) => addModError(error) !== null || isUnknownUser(error) },
    onSuccess: (mods, { communityId }, _onMutateResult, { client }) => applyMods(client, communityId, mods, viewerId),
  });
}
