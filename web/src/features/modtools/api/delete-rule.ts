import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { refreshRules } from './get-rules.ts';
import { modtoolsKeys } from './keys.ts';

export const deleteRule = defineMutation(modtoolsKeys.mutation('delete-rule'), ({ communityId, ruleId }: { communityId: string; ruleId: string }) =>
  api.deleteRule(communityId, ruleId),
);

/** DELETE /api/communities/{id}/rules/{ruleId} */
export function useDeleteRule() {
  return useDefinedMutation(deleteRule, {
    onSuccess: (_answer, { communityId }, _onMutateResult, { client }) => refreshRules(client, communityId),
  });
}
