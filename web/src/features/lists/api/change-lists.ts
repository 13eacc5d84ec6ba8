import { ApiError } from '@quorum/client/api-error';
import type { List } from '@quorum/shared/entities/lists';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { setOwnLists, storeList, storeOwnLists } from './cache.ts';
import { listKeys } from './keys.ts';

/** Failures the list form shows under its fields: a taken name, or input the server refused. */
export function listFormError(error: Error): string | null {
  return error instanceof ApiError && (error.status === 409 || error.status === 400) ? error.message : null;
}

/** The list just created, found by its name (matched in any case) among the lists the server answered. */
export function findCreatedList(lists: List[], name: string): List | undefined {
  return lists.find((list) => list.name.toLowerCase() === name.toLowerCase());
}

/** POST /api/users/{username}/lists, then 'List created!'. The answer is all the user's lists. */
export function useCreateList() {
  const alerts = useAlerts();
  return useDefinedMutation(mutations.createList, {
    meta: { handlesError: (error) => listFormError(error) !== null },
    onSuccess: (lists, { username }, _onMutateResult, { client }) => {
      storeOwnLists(client, username, lists);
      alerts.show('List created!');
    },
  });
}

/** PUT /api/lists/{id}: rename, describe or make public or private. */
export function useUpdateList() {
  return useDefinedMutation(mutations.updateList, {
    meta: { handlesError: (error) => listFormError(error) !== null },
    onSuccess: (updated, { list }, _onMutateResult, { client }) => {
      if (updated.name !== list.name) client.removeQueries({ queryKey: listKeys.detail(list.username, list.name) });
      storeList(client, updated);
    },
  });
}

/** DELETE /api/lists/{id}. */
export function useDeleteList() {
  return useDefinedMutation(mutations.deleteList, {
    onSuccess: (_answer, { list }, _onMutateResult, { client }) => {
      setOwnLists(client, (lists) => lists.filter((other) => other.id !== list.id));
      client.removeQueries({ queryKey: listKeys.detail(list.username, list.name) });
      client.removeQueries({ queryKey: listKeys.items(list.username, list.name) });
      void client.invalidateQueries({ queryKey: listKeys.ofUser(list.username) });
      void client.invalidateQueries({ queryKey: listKeys.savedTos() });
    },
  });
}

/** DELETE …/lists/{listName}/items: empties the list. */
export function useClearList() {
  return useDefinedMutation(mutations.clearList, {
    onSuccess: (cleared, _variables, _onMutateResult, { client }) => {
      storeList(client, cleared);
      void client.invalidateQueries({ queryKey: listKeys.savedTos() });
    },
  });
}
