import type { NotificationsPage } from '@quorum/shared/entities/notifications';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** GET /api/notifications?render=true&format=html: newest first, page by page; refreshed in the background where the browser allows it. */
export const notificationsOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    meta: { backgroundRefresh: { call: 'notifications' } },
    queryFn: ({ pageParam, signal }): Promise<NotificationsPage> => api.getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });
