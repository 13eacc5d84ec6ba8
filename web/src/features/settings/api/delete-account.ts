import { ApiError } from '@quorum/client/api-error';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { applySessionChange } from '../../../lib/session/session-change.ts';
import { settingsKeys } from './keys.ts';

export const deleteAccount = defineMutation(settingsKeys.mutation('delete-account'), ({ username, password }: { username: string; password: string }) =>
  api.deleteAccount(username, password),
);

/**
 * DELETE /api/users/{username} with the password. The server ends the session; afterwards the
 * visitor is taken home and logged out here too. Home comes first, and also after another part of
 * the app noticed the ended session (the login gate of settings sends visitors to /login).
 */
export function useDeleteAccount() {
  const navigate = useNavigate();
  const alerts = useAlerts();
  return useDefinedMutation(deleteAccount, {
    meta: { handlesError: (error) => error instanceof ApiError && (error.status === 403 || error.status === 400) },
    onSuccess: async (_result, _variables, _onMutateResult, { client }) => {
      alerts.show('Your account was deleted.');
      // flushSync commits the home page before the logout renders, or the gate would win the race.
      await navigate(paths.home.getHref(), { replace: true, flushSync: true });
      await applySessionChange(client, null);
    },
  });
}
