import { Messages } from '@quorum/shared/errors';
import type { Notification } from '@quorum/shared/entities/notifications';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import {
  applyServerNotification, restoreNotifications, setCachedNewCount, snapshotNotifications, updateCachedNotifications,
} from '../../../lib/cache/notification-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { notificationKeys } from './keys.ts';

const markSeen = (item: Notification, seen: boolean): Notification => ({
  ...item,
  seen,
  seenAt: seen ? (item.seenAt ?? new Date().toISOString()) : null,
});

/** POST /api/notifications?action=resetNewCount: opening the list zeroes the badge. */
export function useResetNewCount() {
  return useDefinedMutation(mutations.resetNotificationsNewCount, {
    onMutate: (_variables, { client }) => setCachedNewCount(client, 0),
    meta: { silent: true },
  });
}

/** Closes the device's pushed notification of this id, if one is showing. */
async function closeShownNotification(id: string): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  for (const shown of (await registration?.getNotifications({ tag: id })) ?? []) shown.close();
}

/**
 * PUT /api/notifications/{id}?action=markAsSeen: the item changes at once and goes back on
 * failure; once seen, its pushed notification on this device closes.
 */
export function useMarkNotificationSeen() {
  return useDefinedMutation(mutations.markNotificationSeen, {
    onMutate: async ({ id, seen }, { client }) => {
      await client.cancelQueries({ queryKey: notificationKeys.list() });
      const snapshot = snapshotNotifications(client);
      updateCachedNotifications(client, (item) => (item.id === id ? markSeen(item, seen) : item));
      return snapshot;
    },
    onError: (_error, _variables, snapshot, { client }) => restoreNotifications(client, snapshot),
    onSuccess: (notification, _variables, _snapshot, { client }) => {
      applyServerNotification(client, notification);
      if (notification.seen) void closeShownNotification(notification.id).catch(() => {});
    },
  });
}

/** DELETE /api/notifications/{id}. */
export function useDeleteNotification() {
  return useDefinedMutation(mutations.deleteNotification, {
    onMutate: async ({ id }, { client }) => {
      await client.cancelQueries({ queryKey: notificationKeys.list() });
      const snapshot = snapshotNotifications(client);
      updateCachedNotifications(client, (item) => (item.id === id ? null : item));
      return snapshot;
    },
    onError: (_error, _variables, snapshot, { client }) => restoreNotifications(client, snapshot),
  });
}

/** POST /api/notifications?action=markAllAsSeen[&type=new_votes], with the spec's toast. */
export function useMarkAllNotificationsSeen() {
  const alerts = useAlerts();
  return useDefinedMutation(mutations.markAllNotificationsSeen, {
    onSuccess: (_result, { type }, _context, { client }) => {
      updateCachedNotifications(client, (item) => (!type || item.type === type ? markSeen(item, true) : item));
      setCachedNewCount(client, 0);
      alerts.show(type ? Messages.allUpvoteNotificationsSeen : Messages.allNotificationsSeen);
    },
  });
}

/** POST /api/notifications?action=deleteAll, with the spec's toast. */
export function useDeleteAllNotifications() {
  const alerts = useAlerts();
  return useDefinedMutation(mutations.deleteAllNotifications, {
    onSuccess: async (_result, _variables, _context, { client }) => {
      setCachedNewCount(client, 0);
      await client.resetQueries({ queryKey: notificationKeys.list() });
      alerts.show(Messages.allNotificationsDeleted);
    },
  });
}
