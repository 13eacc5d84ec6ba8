import { api } from '../../../lib/api-client.ts';
import { restoreNotifications, snapshotNotifications, updateNotificationList } from '../../../lib/cache/notification-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { notificationKeys } from './keys.ts';

export const deleteNotification = defineMutation(notificationKeys.mutation('delete'), ({ id }: { id: string }) => api.deleteNotification(id));

/** DELETE /api/notifications/{id}. */
export function useDeleteNotification() {
  return useDefinedMutation(deleteNotification, {
    onMutate: async ({ id }, { client }) => {
      await client.cancelQueries({ queryKey: notificationKeys.list() });
      const snapshot = snapshotNotifications(client);
      updateNotificationList(client, (item) => (item.id === id ? null : item));
      return snapshot;
    },
    onError: (_error, _variables, snapshot, { client }) => restoreNotifications(client, snapshot),
  });
}
