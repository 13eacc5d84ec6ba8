import { ApiError } from '@quorum/client/api-error';
import { ErrorCode } from '@quorum/shared/errors';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { adminKeys } from './keys.ts';

export const denyCommunityRequest = defineMutation(adminKeys.mutation('deny-request'), ({ id, note }: { id: string; note: string | null }) =>
  api.adminAction({ action: 'deny_comm', id, body: note }),
);

/** True when another admin denied the request first (409 already_denied). */
export function isAlreadyDenied(error: Error): boolean {
  return error instanceof ApiError && error.code === ErrorCode.alreadyDenied;
}

/**
 * POST /api/_admin deny_comm: denies a request and tells its author why. Either way (denied now,
 * or by someone else before) the list loads again to show who denied it; the modal shows failures.
 */
export function useDenyCommunityRequest() {
  return useDefinedMutation(denyCommunityRequest, {
    meta: { handlesError: () => true },
    onSettled: (_result, error, _variables, _onMutateResult, { client }) => {
      if (!error || isAlreadyDenied(error)) return client.invalidateQueries({ queryKey: adminKeys.communityRequests() });
    },
  });
}
