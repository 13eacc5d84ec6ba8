import { Messages } from '@quorum/shared/errors';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { applySessionChange } from './session-change.ts';

/** POST /api/_login?action=logout */
export function useLogout() {
  return useMutation({
    mutationFn: () => api.logout(),
    networkMode: 'always',
    meta: { errorMessage: Messages.logoutFailed },
    onSuccess: (_result, _variables, _onMutateResult, { client }) => applySessionChange(client, null),
  });
}
