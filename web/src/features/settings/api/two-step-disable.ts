import { ApiError } from '@quorum/client/api-error';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { settingsKeys } from './keys.ts';

export const disableTwoStep = defineMutation(settingsKeys.mutation('two-step-disable'), ({ password }: { password: string }) =>
  api.disableTwoStep(password),
);

/** POST /api/two_step/_disable with the password; a wrong or empty one is the form's to say. */
export function useDisableTwoStep() {
  return useDefinedMutation(disableTwoStep, {
    meta: { handlesError: (error) => error instanceof ApiError && (error.status === 403 || error.status === 400) },
    onSuccess: (status, _variables, _onMutateResult, { client }) => client.setQueryData(settingsKeys.twoStep(), status),
  });
}
