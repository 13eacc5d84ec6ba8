import { updateCachedCommunity } from '../../../lib/cache/community-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';

/** PUT /api/communities/{id} {about, postingRestricted}; the answer replaces every cached copy. */
export function useUpdateCommunity() {
  return useDefinedMutation(mutations.updateCommunity, {
    onSuccess: (community, _variables, _onMutateResult, { client }) => updateCachedCommunity(client, community),
  });
}
