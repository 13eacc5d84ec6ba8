import { Messages } from '@quorum/shared/errors';
import { keyRoots } from '../../../lib/cache/key-roots.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { reasonOf } from '../../../lib/content-writes.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { userKeys } from './keys.ts';

/**
 * `deleteContentDays` 0 deletes all of the user's posts and comments; left out, none.
 * `blockLastAddress` also blocks the address they were last seen from; `reason` goes to the moderation log.
 */
export const banUser = defineMutation(
  userKeys.mutation('ban'),
  ({ username, deleteContentDays, blockLastAddress, reason }: { username: string; deleteContentDays?: number; blockLastAddress?: boolean; reason?: string | null }) =>
    api.adminAction({ action: 'ban_user', username, deleteContentDays, blockLastAddress, reason: reasonOf(reason) }),
);

/**
 * Admins ban a user site-wide (POST /api/_admin ban_user), optionally deleting all of their posts
 * and comments; profiles and the admins' lists of users load again afterwards.
 */
export function useBanUser() {
  const alerts = useAlerts();
  return useDefinedMutation(banUser, {
    meta: { handlesError: () => true },
    onSuccess: async (_result, _variables, _onMutateResult, { client }) => {
      alerts.show(Messages.userBanned);
      await Promise.all([client.invalidateQueries({ queryKey: keyRoots.users }), client.invalidateQueries({ queryKey: keyRoots.admin })]);
    },
    onError: (error) => alerts.show(Messages.banFailed(error.message)),
  });
}
