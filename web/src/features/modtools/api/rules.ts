import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patchCachedCommunity } from '../../../lib/cache/community-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { modtoolsKeys } from './keys.ts';

/** GET /api/communities/{id}/rules: the rules in their order. */
export const rulesOptions = (communityId: string) =>
  queryOptions({
    queryKey: modtoolsKeys.rules(communityId),
    queryFn: ({ signal }) => api.getRules(communityId, signal),
    meta: { persist: false },
  });

/** A change moves and renumbers other rules too, so the whole list is read again, into the community too. */
async function refreshRules(client: QueryClient, communityId: string): Promise<void> {
  const rules = await client.fetchQuery({ ...rulesOptions(communityId), staleTime: 0 });
  patchCachedCommunity(client, communityId, { rules });
}

/** POST /api/communities/{id}/rules: a new rule after the last one; the answer is all the rules. */
export function useCreateRule() {
  return useDefinedMutation(mutations.createRule, {
    onSuccess: (rules, { communityId }, _onMutateResult, { client }) => {
      client.setQueryData(rulesOptions(communityId).queryKey, rules);
      patchCachedCommunity(client, communityId, { rules });
    },
  });
}

/** PUT /api/communities/{id}/rules/{ruleId}: new text, or a new place (zIndex). */
export function useUpdateRule() {
  return useDefinedMutation(mutations.updateRule, {
    onSuccess: (_rule, { communityId }, _onMutateResult, { client }) => refreshRules(client, communityId),
  });
}

/** DELETE /api/communities/{id}/rules/{ruleId} */
export function useDeleteRule() {
  return useDefinedMutation(mutations.deleteRule, {
    onSuccess: (_answer, { communityId }, _onMutateResult, { client }) => refreshRules(client, communityId),
  });
}
