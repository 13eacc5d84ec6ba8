import { ApiError } from '@quorum/client/api-error';
import type { User } from '@quorum/shared/entities/users';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patchCachedCommunity } from '../../../lib/cache/community-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { modtoolsKeys } from './keys.ts';

/** GET /api/communities/{id}/mods: the mods, most senior first. */
export const modsOptions = (communityId: string) =>
  queryOptions({
    queryKey: modtoolsKeys.mods(communityId),
    queryFn: ({ signal }) => api.getMods(communityId, signal),
    meta: { persist: false },
  });

/**
 * Every change answers the new list: it replaces the modtools list and the community's own list
 * (its moderators card), and whether the viewer still moderates it.
 */
function applyMods(client: QueryClient, communityId: string, mods: User[], viewerId: string | undefined): void {
  client.setQueryData(modtoolsKeys.mods(communityId), mods);
  patchCachedCommunity(client, communityId, {
    mods: mods.map(({ id, username }) => ({ id, username })),
    ...(viewerId !== undefined && { userMod: mods.some((mod) => mod.id === viewerId) }),
  });
}

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
  return useDefinedMutation(mutations.addMod, {
    meta: { handlesError: (error) => addModError(error) !== null || isUnknownUser(error) },
    onSuccess: (mods, { communityId }, _onMutateResult, { client }) => applyMods(client, communityId, mods, viewerId),
  });
}

/** DELETE /api/communities/{id}/mods/{username}: a removal, or the viewer resigning. */
export function useRemoveMod(viewerId: string | undefined) {
  return useDefinedMutation(mutations.removeMod, {
    onSuccess: (mods, { communityId }, _onMutateResult, { client }) => applyMods(client, communityId, mods, viewerId),
  });
}

/** PUT /api/communities/{id}/mods/{username} {position} */
export function useMoveMod(viewerId: string | undefined) {
  return useDefinedMutation(mutations.moveMod, {
    onSuccess: (mods, { communityId }, _onMutateResult, { client }) => applyMods(client, communityId, mods, viewerId),
  });
}
