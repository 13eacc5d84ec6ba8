import type { Rule } from '@quorum/shared/entities/communities';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { refreshRules } from './get-rules.ts';
import { modtoolsKeys } from './keys.ts';

export const updateRule = defineMutation(
  modtoolsKeys.mutation('update-rule'),
  ({ communityId, rule }: { communityId: string; rule: Rule }): Promise<Rule> =>
    api.updateRule(communityId, rule.id, { rule: rule.rule, description: rule.description, zIndex: rule.zIndex })
);

/** PUT /api/communities/{id}/rules/{ruleId}: new text, or a new place (zIndex). */
export function useUpdateRule() {
  return useDefinedMutation(updateRule, {
    onSuccess: (_rule, { communityId }, _onMutateResult, { client }) => refreshRules(client, communityId),
  });
}
