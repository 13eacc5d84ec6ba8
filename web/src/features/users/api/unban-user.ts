import { Messages } from '@quorum/shared/errors';
import { keyRoots } from '../../../lib/cache/key-roots.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { userKeys } from './keys.ts';

export const unbanUser = defineMutation(userKeys.mutation('unban'), ({ username }: { username: string }) =>
  api.adminAction({ action: 'unban_user', username }),
);

/** Admins lift a site-wide ban (POST /api/_admin unban_user). */
export function useUnbanUser() {
  const alerts = useAlerts();
  return useDefinedMutation(unbanUser, {
    onSuccess: async (_result, _variables, _onMutateResult, { client }) => {
      alerts.show(Messages.userUnbanned);
      await Promise.all([client.invalidateQueries({ queryKey: keyRoots.users }), client.invalidateQueries({ queryKey: keyRoots.admin })]);
    },
  });
}
