import { ApiError } from '@quorum/client/api-error';
import type { ConfirmEmailBody } from '@quorum/shared/schemas/users';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { sessionKeys } from '../../../lib/session/keys.ts';

export const confirmEmail = defineMutation(sessionKeys.mutation('confirm-email'), (body: ConfirmEmailBody) => api.confirmEmail(body));

/** POST /api/_confirm_email: a logged-in member's own copy is read again, to show the address confirmed. */
export function useConfirmEmail() {
  return useDefinedMutation(confirmEmail, {
    meta: { handlesError: (error) => error instanceof ApiError && error.status === 400 },
    onSuccess: (_result, _body, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
