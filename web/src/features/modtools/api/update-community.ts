import type { Community } from '@quorum/shared/entities/communities';
import { api } from '../../../lib/api-client.ts';
import { writeCommunity } from '../../../lib/cache/community-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { modtoolsKeys } from './keys.ts';

export const updateCommunity = defineMutation(
  modtoolsKeys.mutation('update-community'),
  ({ community, changes }: { community: Community; changes: { about: string | null; postingRestricted: boolean } }): Promise<Community> =>
    api.updateCommunity(community.id, changes)
);

/** PUT /api/communities/{id} {about, postingRestricted}; the answer replaces every cached copy. */
export function useUpdateCommunity() {
  return useDefinedMutation(updateCommunity, {
    onSuccess: (community, _variables, _onMutateResult, { client }) => writeCommunity(client, community),
  });
}
