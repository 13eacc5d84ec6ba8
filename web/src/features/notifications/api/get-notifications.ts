import type { NotificationsPage } from '@quorum/shared/entities/notifications';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKeys } from './keys.ts';

/** GET /api/notifications?render=true&format=html: newest first, page by page. */
export const notificationsOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }): Promise<NotificationsPage> => api.getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });
