import { ApiError } from '@quorum/client/api-error';
import type { TwoStepStatus } from '@quorum/shared/entities/two-step';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { isReauthRequired } from '../../../lib/session/recent-check.ts';
import { settingsKeys } from './keys.ts';

export const newBackupCodes = defineMutation<void, { backupCodes: string[] }>(settingsKeys.mutation('two-step-backup-codes'), () =>
  api.newBackupCodes(),
);

/** POST /api/two_step/_backup_codes: a new set replaces the old one; run through useRecentCheck. */
export function useNewBackupCodes() {
  return useDefinedMutation(newBackupCodes, {
    meta: { handlesError: (error) => isReauthRequired(error) || (error instanceof ApiError && error.status === 409) },
    onSuccess: ({ backupCodes }, _variables, _onMutateResult, { client }) => {
      client.setQueryData<TwoStepStatus>(settingsKeys.twoStep(), { enabled: true, backupCodesLeft: backupCodes.length });
    },
    onSettled: (_result, _error, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: settingsKeys.twoStep() }),
  });
}
