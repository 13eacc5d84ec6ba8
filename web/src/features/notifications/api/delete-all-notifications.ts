import { Messages } from '@quorum/shared/errors';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { setCachedNewCount } from '../../../lib/cache/notification-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { notificationKeys } from './keys.ts';

export const deleteAllNotifications = defineMutation(notificationKeys.mutation('delete-all'), () => api.notificationsAction({ action: 'deleteAll' }));

/** POST /api/notifications?action=deleteAll, with the spec's toast. */
export function useDeleteAllNotifications() {
  const alerts = useAlerts();
  return useDefinedMutation(deleteAllNotifications, {
    onSuccess: async (_result, _variables, _context, { client }) => {
      setCachedNewCount(client, 0);
      await client.resetQueries({ queryKey: notificationKeys.list() });
      alerts.show(Messages.allNotificationsDeleted);
    },
  });
}
