import type { List } from '@quorum/shared/entities/lists';
import { api } from '../../../lib/api-client.ts';
import { setOwnLists } from '../../../lib/cache/list-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { listKeys } from './keys.ts';

export const deleteList = defineMutation(listKeys.mutation('delete'), ({ list }: { list: List }) => api.deleteList(list.id));

/** DELETE /api/lists/{id}. */
export function useDeleteList() {
  return useDefinedMutation(deleteList, {
    onSuccess: (_answer, { list }, _onMutateResult, { client }) => {
      setOwnLists(client, (lists) => lists.filter((other) => other.id !== list.id));
      client.removeQueries({ queryKey: listKeys.detail(list.username, list.name) });
      client.removeQueries({ queryKey: listKeys.items(list.username, list.name) });
      void client.invalidateQueries({ queryKey: listKeys.ofUser(list.username) });
      void client.invalidateQueries({ queryKey: listKeys.savedTos() });
    },
  });
}
