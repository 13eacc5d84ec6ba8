import { ApiError } from '@quorum/client/api-error';
import type { List } from '@quorum/shared/entities/lists';
import type { ListBody } from '@quorum/shared/schemas/lists';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { storeOwnLists } from './lists-cache.ts';
import { listKeys } from './keys.ts';

export const createList = defineMutation(listKeys.mutation('create'), ({ username, body }: { username: string; body: ListBody }): Promise<List[]> =>
  api.createList(username, body),
);

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
  return useDefinedMutation(createList, {
    meta: { handlesError: (error) => listFormError(error) !== null },
    onSuccess: (lists, { username }, _onMutateResult, { client }) => {
      storeOwnLists(client, username, lists);
      alerts.show('List created!');
    },
  });
}
