import type { Notification } from '@quorum/shared/entities/notifications';
import { api } from '../../../lib/api-client.ts';
import { restoreNotifications, snapshotNotifications, writeNotification } from '../../../lib/cache/notification-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { notificationKeys } from './keys.ts';

export const markNotificationSeen = defineMutation(
  notificationKeys.mutation('mark-seen'),
  ({ id, seen }: { id: string; seen: boolean }): Promise<Notification> => api.markNotificationSeen(id, seen),
);

/** The notification as seen (keeping when it was first seen) or unseen. */
export const markSeen = (item: Notification, seen: boolean): Notification => ({
  ...item,
  seen,
  seenAt: seen ? (item.seenAt ?? new Date().toISOString()) : null,
});

/** Closes the device's pushed notification of this id, if one is showing. */
async function closeShownNotification(id: string): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  for (const shown of (await registration?.getNotifications({ tag: id })) ?? []) shown.close();
}

/**
 * PUT /api/notifications/{id}?action=markAsSeen: the item changes at once and goes back on
 * failure, which is only logged (the specification raises no alert for it); once seen, its pushed
 * notification on this device closes.
 */
export function useMarkNotificationSeen() {
  return useDefinedMutation(markNotificationSeen, {
    meta: { silent: true },
    onMutate: async ({ id, seen }, { client }) => {
      await client.cancelQueries({ queryKey: notificationKeys.list() });
      const snapshot = snapshotNotifications(client);
      writeNotification(client, id, (item) => markSeen(item, seen));
      return snapshot;
    },
    onError: (error, _variables, snapshot, { client }) => {
      console.warn('Marking a notification as seen failed', error);
      restoreNotifications(client, snapshot);
    },
    onSuccess: (notification, _variables, _snapshot, { client }) => {
      writeNotification(client, notification);
      if (notification.seen) void closeShownNotification(notification.id).catch(() => {});
    },
  });
}
