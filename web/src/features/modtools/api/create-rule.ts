import type { Rule } from '@quorum/shared/entities/communities';
import { api } from '../../../lib/api-client.ts';
import { writeCommunity } from '../../../lib/cache/community-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { rulesOptions } from './get-rules.ts';
import { modtoolsKeys } from './keys.ts';

export const createRule = defineMutation(
  modtoolsKeys.mutation('create-rule'),
  ({ communityId, rule, description }: { communityId: string; rule: string; description: string | null }): Promise<Rule[]> =>
    api.createRule(communityId, { rule, description })
);

/** POST /api/communities/{id}/rules: a new rule after the last one; the answer is all the rules. */
export function useCreateRule() {
  return useDefinedMutation(createRule, {
    onSuccess: (rules, { communityId }, _onMutateResult, { client }) => {
      client.setQueryData(rulesOptions(communityId).queryKey, rules);
      writeCommunity(client, communityId, (cached) => ({ ...cached, rules }));
    },
  });
}
