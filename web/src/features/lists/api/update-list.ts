import type { List } from '@quorum/shared/entities/lists';
import type { UpdateListBody } from '@quorum/shared/schemas/lists';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { storeList } from './lists-cache.ts';
import { listFormError } from './create-list.ts';
import { listKeys } from './keys.ts';

export const updateList = defineMutation(listKeys.mutation('update'), ({ list, changes }: { list: List; changes: UpdateListBody }): Promise<List> =>
  api.updateList(list.id, changes),
);

/** PUT /api/lists/{id}: rename, describe or make public or private. */
export function useUpdateList() {
  return useDefinedMutation(updateList, {
    meta: { handlesError: (error) => listFormError(error) !== null },
    onSuccess: (updated, { list }, _onMutateResult, { client }) => {
      if (updated.name !== list.name) client.removeQueries({ queryKey: listKeys.detail(list.username, list.name) });
      storeList(client, updated);
    },
  });
}
