import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { Community } from '@quorum/shared/entities/communities';
import { api } from '../../../lib/api-client.ts';
import { writeCommunity } from '../../../lib/cache/community-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { seedCommunity } from './get-community.ts';
import { communityKeys } from './keys.ts';

export const createCommunity = defineMutation(communityKeys.mutation('create'), (body: { name: string; about: string | null }): Promise<Community> =>
  api.createCommunity(body),
);

/** The message the create-community form shows for a failure it explains itself, or null. */
export function createCommunityErrorMessage(error: Error): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409) return Messages.communityExists;
  if (error.code === ErrorCode.notEnoughPoints) return error.message;
  if (error.code === ErrorCode.maxLimitReached) return Messages.maxCommunities;
  if (error.status === 400) return error.message;
  return null;
}

/** POST /api/communities: the creator becomes its first member and mod, so it joins the sidebar. */
export function useCreateCommunity() {
  return useDefinedMutation(createCommunity, {
    meta: { handlesError: (error) => createCommunityErrorMessage(error) !== null },
    onSuccess: (community, _body, _onMutateResult, { client }) => {
      writeCommunity(client, community);
      seedCommunity(client, community);
      void client.invalidateQueries({ queryKey: communityKeys.lists() });
    },
  });
}
