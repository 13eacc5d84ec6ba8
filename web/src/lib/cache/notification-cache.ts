import type { Notification, NotificationsPage } from '@quorum/shared/entities/notifications';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { initialOptions } from '../session/get-initial.ts';
import { keyRoots } from './key-roots.ts';
import { updateCachedUser } from './user-cache.ts';

type Pages = InfiniteData<NotificationsPage, string | null>;

/** The logged-in user's list of notifications (the navbar panel and /notifications read it). */
export const notificationListKey = [...keyRoots.notifications, 'list'] as const;

/**
 * Changes every cached notification with `change`: an item answered null is removed, and the
 * page's count follows.
 */
export function updateCachedNotifications(client: QueryClient, change: (item: Notification) => Notification | null): void {
  client.setQueryData<Pages>(notificationListKey, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        const items = page.items.flatMap((item) => {
          const changed = change(item);
          return changed ? [changed] : [];
        });
        return { ...page, items, count: page.count - (page.items.length - items.length) };
      }),
    };
  });
}

/** Writes the server's answer for one notification over its cached copy. */
export function applyServerNotification(client: QueryClient, notification: Notification): void {
  updateCachedNotifications(client, (item) => (item.id === notification.id ? notification : item));
}

export function snapshotNotifications(client: QueryClient): Pages | undefined {
  return client.getQueryData<Pages>(notificationListKey);
}

export function restoreNotifications(client: QueryClient, snapshot: Pages | undefined): void {
  client.setQueryData(notificationListKey, snapshot);
}

/** Sets the logged-in user's count of new notifications on every cached copy of the user. */
export function setCachedNewCount(client: QueryClient, newCount: number): void {
  const user = client.getQueryData(initialOptions().queryKey)?.user;
  if (user) updateCachedUser(client, user.id, (cached) => ({ ...cached, notificationsNewCount: newCount }));
}
