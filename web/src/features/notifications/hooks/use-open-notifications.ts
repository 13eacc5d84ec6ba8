import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { notificationKeys } from '../api/keys.ts';
import { useResetNewCount } from '../api/reset-new-count.ts';

/**
 * While the list is open its new count stays at zero: on opening, and whenever the polled user
 * says new ones came, the list is fetched again and the count reset.
 */
export function useOpenNotifications(): void {
  const client = useQueryClient();
  const newCount = useSessionUser()?.notificationsNewCount ?? 0;
  const { mutate: resetNewCount } = useResetNewCount();

  useEffect(() => {
    if (newCount === 0) return;
    void client.invalidateQueries({ queryKey: notificationKeys.list() });
    resetNewCount();
  }, [client, newCount, resetNewCount]);
}
