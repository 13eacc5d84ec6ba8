import { ApiError } from '@quorum/client/api-error';
import type { Passkey, Passkeys } from '@quorum/shared/entities/passkeys';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { passkeysKey, registerPasskey } from '../../../lib/passkeys.ts';
import { isReauthRequired } from '../../../lib/session/recent-check.ts';
import { settingsKeys } from './keys.ts';

/** Creates a passkey in the browser and adds it; null when the member cancelled the browser's prompt. */
export const addPasskey = defineMutation(settingsKeys.mutation('add-passkey'), ({ name }: { name?: string }) => registerPasskey(name));

export const renamePasskey = defineMutation(settingsKeys.mutation('rename-passkey'), ({ id, name }: { id: string; name: string }) =>
  api.renamePasskey(id, { name }),
);

export const removePasskey = defineMutation(settingsKeys.mutation('remove-passkey'), ({ id }: { id: string }) => api.removePasskey(id));

const readAgain = (client: QueryClient) => client.invalidateQueries({ queryKey: passkeysKey() });

/** Replaces one passkey in the cached list. */
function writePasskey(client: QueryClient, passkey: Passkey): void {
  client.setQueryData<Passkeys>(passkeysKey(), (list) =>
    list && { passkeys: list.passkeys.map((item) => (item.id === passkey.id ? passkey : item)) },
  );
}

/** Adding a passkey: every failure is told beside the button (a too old identity check is asked for again first). */
export function useAddPasskey() {
  return useDefinedMutation(addPasskey, {
    meta: { handlesError: () => true },
    onSettled: (_passkey, _error, _variables, _onMutateResult, { client }) => readAgain(client),
  });
}

/** PATCH /api/passkeys/{id}: a refused name is the form's to tell; a passkey removed meanwhile leaves the list. */
export function useRenamePasskey() {
  return useDefinedMutation(renamePasskey, {
    meta: { handlesError: (error) => error instanceof ApiError && (error.status === 400 || error.status === 404) },
    onSuccess: (passkey, _variables, _onMutateResult, { client }) => writePasskey(client, passkey),
    onError: (error, _variables, _onMutateResult, { client }) => {
      if (error instanceof ApiError && error.status === 404) void readAgain(client);
    },
  });
}

/** DELETE /api/passkeys/{id}: needs a recent identity check (useRecentCheck asks for it); the list is read again either way. */
export function useRemovePasskey() {
  return useDefinedMutation(removePasskey, {
    meta: { handlesError: (error) => isReauthRequired(error) || (error instanceof ApiError && error.status === 404) },
    onSettled: (_result, _error, _variables, _onMutateResult, { client }) => readAgain(client),
  });
}
