import { ApiError } from '@quorum/client/api-error';
import type { TwoStepStatus } from '@quorum/shared/entities/two-step';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { isReauthRequired } from '../../../lib/session/recent-check.ts';
import { settingsKeys } from './keys.ts';

export const setUpTwoStep = defineMutation(settingsKeys.mutation('two-step-setup'), () => api.setUpTwoStep());

export const enableTwoStep = defineMutation(settingsKeys.mutation('two-step-enable'), ({ code }: { code: string }) => api.enableTwoStep(code));

/** Refusals the setup shows itself: a wrong code, a setup that changed or is done (409), and the identity check it asks for. */
const isShownInSetup = (error: Error) => isReauthRequired(error) || (error instanceof ApiError && (error.status === 400 || error.status === 409));

/** POST /api/two_step/_setup: a new secret to scan; run through useRecentCheck. */
export function useSetUpTwoStep() {
  return useDefinedMutation(setUpTwoStep, { meta: { handlesError: isShownInSetup } });
}

/** POST /api/two_step/_enable: on with a first code; the answer's backup codes are shown once. */
export function useEnableTwoStep() {
  return useDefinedMutation(enableTwoStep, {
    meta: { handlesError: isShownInSetup },
    onSuccess: ({ backupCodes }, _variables, _onMutateResult, { client }) => {
      client.setQueryData<TwoStepStatus>(settingsKeys.twoStep(), { enabled: true, backupCodesLeft: backupCodes.length });
    },
    onSettled: (_result, _error, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: settingsKeys.twoStep() }),
  });
}
