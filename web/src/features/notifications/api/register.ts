import type { QueryClient } from '@tanstack/react-query';
import { registerMutations } from '../../../lib/mutation-definition.ts';
import { deleteAllNotifications } from './delete-all-notifications.ts';
import { deleteNotification } from './delete-notification.ts';
import { markAllNotificationsSeen } from './mark-all-notifications-seen.ts';
import { markNotificationSeen } from './mark-notification-seen.ts';
import { resetNotificationsNewCount } from './reset-new-count.ts';

/** The notifications' mutations. */
export function registerNotificationsMutations(client: QueryClient): void {
  registerMutations(client, [resetNotificationsNewCount, markNotificationSeen, deleteNotification, markAllNotificationsSeen, deleteAllNotifications]);
}
