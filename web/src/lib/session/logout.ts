import { Messages } from '@quorum/shared/errors';
import { api } from '../api-client.ts';
import { defineMutation, useDefinedMutation } from '../mutation-definition.ts';
import { sessionKeys } from './keys.ts';
import { applySessionChange } from './session-change.ts';

export const logout = defineMutation(sessionKeys.mutation('logout'), () => api.logout());

/** POST /api/_login?action=logout */
export function useLogout() {
  return useDefinedMutation(logout, {
    meta: { errorMessage: Messages.logoutFailed },
    onSuccess: (_result, _variables, _onMutateResult, { client }) => applySessionChange(client, null),
  });
}
