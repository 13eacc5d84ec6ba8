import { Messages } from '@quorum/shared/errors';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { setCachedNewCount, updateNotificationList } from '../../../lib/cache/notification-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { notificationKeys } from './keys.ts';
import { markSeen } from './mark-notification-seen.ts';

export const markAllNotificationsSeen = defineMutation(notificationKeys.mutation('mark-all-seen'), ({ type }: { type?: 'new_votes' }) =>
  api.notificationsAction({ action: 'markAllAsSeen', type }),
);

/** POST /api/notifications?action=markAllAsSeen[&type=new_votes], with the spec's toast. */
export function useMarkAllNotificationsSeen() {
  const alerts = useAlerts();
  return useDefinedMutation(markAllNotificationsSeen, {
    onSuccess: (_result, { type }, _context, { client }) => {
      updateNotificationList(client, (item) => (!type || item.type === type ? markSeen(item, true) : item));
      setCachedNewCount(client, 0);
      alerts.show(type ? Messages.allUpvoteNotificationsSeen : Messages.allNotificationsSeen);
    },
  });
}
