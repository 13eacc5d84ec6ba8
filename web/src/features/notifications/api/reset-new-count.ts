import { api } from '../../../lib/api-client.ts';
import { setCachedNewCount } from '../../../lib/cache/notification-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { notificationKeys } from './keys.ts';

export const resetNotificationsNewCount = defineMutation(notificationKeys.mutation('reset-new-count'), () =>
  api.notificationsAction({ action: 'resetNewCount' }),
);

/** POST /api/notifications?action=resetNewCount: opening the list zeroes the badge. */
export function useResetNewCount() {
  return useDefinedMutation(resetNotificationsNewCount, {
    onMutate: (_variables, { client }) => setCachedNewCount(client, 0),
    meta: { silent: true },
  });
}
