import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { adminKeys } from './keys.ts';

export const setDefaultCommunity = defineMutation(adminKeys.mutation('default-community'), ({ name, isDefault }: { name: string; isDefault: boolean }) =>
  api.adminAction({ action: isDefault ? 'add_default_forum' : 'remove_default_forum', name }),
);

/** POST /api/_admin add_default_forum / remove_default_forum: default communities make up the home feed and sidebar of visitors. */
export function useSetDefaultCommunity() {
  return useDefinedMutation(setDefaultCommunity, {
    onSuccess: (_result, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: adminKeys.communities() }),
  });
}
