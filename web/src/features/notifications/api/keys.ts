import { keyRoots } from '../../../lib/cache/key-roots.ts';
import { notificationListKey } from '../../../lib/cache/notification-cache.ts';

/** Query keys of notifications: the logged-in user's list. */
export const notificationKeys = {
  all: keyRoots.notifications,
  list: () => notificationListKey,
  /** The key of one of the feature's mutations (their defaults are registered in register.ts). */
  mutation: (name: string) => [...notificationKeys.all, name] as const,
};
