import type { Notification, NotificationsPage } from '@quorum/shared/entities/notifications';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { initialOptions } from '../session/get-initial.ts';
import { resolveWrite, type EntityWrite } from './entity-cache.ts';
import { keyRoots } from './key-roots.ts';
import { writeUser } from './user-cache.ts';

type Pages = InfiniteData<NotificationsPage, string | null>;

/** The logged-in user's list of notifications (the navbar panel and /notifications read it). */
export const notificationListKey = [...keyRoots.notifications, 'list'] as const;

/**
 * Changes every cached notification with `change`: an item answered null is removed, and the
 * page's count follows.
 */
export function updateNotificationList(client: QueryClient, change: (item: Notification) => Notification | null): void {
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

/** Writes one notification in the list: the server's answer replaces the cached copy. */
export function writeNotification(client: QueryClient, ...write: EntityWrite<Notification>): void {
  const [id, update] = resolveWrite(write, (_cached, notification) => notification);
  updateNotificationList(client, (item) => (item.id === id ? update(item) : item));
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
  if (user) writeUser(client, user.id, (cached) => ({ ...cached, notificationsNewCount: newCount }));
}
