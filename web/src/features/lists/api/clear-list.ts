import type { List } from '@quorum/shared/entities/lists';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { storeList } from './lists-cache.ts';
import { listKeys } from './keys.ts';

export const clearList = defineMutation(listKeys.mutation('clear'), ({ list }: { list: List }): Promise<List> => api.clearList(list.username, list.name));

/** DELETE …/lists/{listName}/items: empties the list. */
export function useClearList() {
  return useDefinedMutation(clearList, {
    onSuccess: (cleared, _variables, _onMutateResult, { client }) => {
      storeList(client, cleared);
      void client.invalidateQueries({ queryKey: listKeys.savedTos() });
    },
  });
}
