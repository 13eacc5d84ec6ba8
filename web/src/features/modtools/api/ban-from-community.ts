import { ApiError } from '@quorum/client/api-error';
import { Messages } from '@quorum/shared/errors';
import type { User } from '@quorum/shared/entities/users';
import { api } from '../../../lib/api-client.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { reasonOf } from '../../../lib/content-writes.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { modtoolsKeys } from './keys.ts';

export const banFromCommunity = defineMutation(
  modtoolsKeys.mutation('ban-from-community'),
  ({ communityId, username, expires = null, reason }: { communityId: string; username: string; expires?: string | null; reason?: string | null }): Promise<User> =>
    api.banFromCommunity(communityId, username, expires, reasonOf(reason)),
);

/** The message shown beside the ban form's field, or null for failures announced elsewhere. */
export function banFormError(error: Error | null, username: string): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return Messages.noUserWithUsername;
  if (error.status === 409) return Messages.alreadyBanned(username);
  return error.status === 400 ? error.message : null;
}

/** A refusal is the snack 'Forbidden.', or the server's reason when it gives one (the user is a mod or an admin). */
function forbiddenMessage(error: ApiError): string {
  return error.message || Messages.forbidden;
}

/**
 * POST /api/communities/{id}/banned {username, expires, reason}: for good, or until `expires`. A ban settles the open reports of the user's
 * content there, so the reports are read again with the list of banned users.
 */
export function useBanFromCommunity() {
  const alerts = useAlerts();
  return useDefinedMutation(banFromCommunity, {
    meta: { handlesError: (error) => error instanceof ApiError && [400, 403, 404, 409].includes(error.status) },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) alerts.show(forbiddenMessage(error));
    },
    onSuccess: (_user, { communityId }, _onMutateResult, { client }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: modtoolsKeys.banned(communityId) }),
        client.invalidateQueries({ queryKey: modtoolsKeys.reports(communityId) }),
      ]),
  });
}
