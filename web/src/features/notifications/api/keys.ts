import { keyRoots } from '../../../lib/cache/key-roots.ts';
import { notificationListKey } from '../../../lib/cache/notification-cache.ts';

/** Query keys of notifications: the logged-in user's list. */
export const notificationKeys = {
  all: keyRoots.notifications,
  list: () => notificationListKey,
};
