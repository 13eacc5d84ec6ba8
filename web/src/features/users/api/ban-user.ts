import { Messages } from '@quorum/shared/errors';
import { keyRoots } from '../../../lib/cache/key-roots.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';

/**
 * Admins ban a user site-wide (POST /api/_admin ban_user), optionally deleting all of their posts
 * and comments; profiles and the admins' lists of users load again afterwards.
 */
export function useBanUser() {
  const alerts = useAlerts();
  return useDefinedMutation(mutations.banUser, {
    meta: { handlesError: () => true },
    onSuccess: async (_result, _variables, _onMutateResult, { client }) => {
      alerts.show(Messages.userBanned);
      await Promise.all([client.invalidateQueries({ queryKey: keyRoots.users }), client.invalidateQueries({ queryKey: keyRoots.admin })]);
    },
    onError: (error) => alerts.show(Messages.banFailed(error.message)),
  });
}

/** Admins lift a site-wide ban (POST /api/_admin unban_user). */
export function useUnbanUser() {
  const alerts = useAlerts();
  return useDefinedMutation(mutations.unbanUser, {
    onSuccess: async (_result, _variables, _onMutateResult, { client }) => {
      alerts.show(Messages.userUnbanned);
      await Promise.all([client.invalidateQueries({ queryKey: keyRoots.users }), client.invalidateQueries({ queryKey: keyRoots.admin })]);
    },
  });
}
