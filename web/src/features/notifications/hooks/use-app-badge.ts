import { useEffect } from 'react';
import { useSessionUser } from '../../../lib/session/get-initial.ts';

/** The installed app's icon badge shows the count of new notifications, and nothing when there are none. */
export function useAppBadge(): void {
  const user = useSessionUser();
  const count = user?.notificationsNewCount ?? 0;
  useEffect(() => {
    if (!('setAppBadge' in navigator)) return;
    const done = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
    done.catch(() => {
      // Not installed, or the platform has no badges: nothing to show it on.
    });
  }, [count]);
}
