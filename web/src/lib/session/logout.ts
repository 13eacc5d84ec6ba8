import { Messages } from '@quorum/shared/errors';
import { mutations, useDefinedMutation } from '../mutations.ts';
import { applySessionChange } from './session-change.ts';

/** POST /api/_login?action=logout */
export function useLogout() {
  return useDefinedMutation(mutations.logout, {
    meta: { errorMessage: Messages.logoutFailed },
    onSuccess: (_result, _variables, _onMutateResult, { client }) => applySessionChange(client, null),
  });
}
