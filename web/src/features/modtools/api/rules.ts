import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { patchCachedCommunity } from '../../../lib/cache/community-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';

/** A change moves and renumbers other rules too, so the whole list is read again into the community. */
async function refreshRules(client: QueryClient, communityId: string): Promise<void> {
  patchCachedCommunity(client, communityId, { rules: await api.getRules(communityId) });
}

/** POST /api/communities/{id}/rules: a new rule after the last one. */
export function useCreateRule() {
  return useDefinedMutation(mutations.createRule, {
    onSuccess: (_rule, { communityId }, _onMutateResult, { client }) => refreshRules(client, communityId),
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
