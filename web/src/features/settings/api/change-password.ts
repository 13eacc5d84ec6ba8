import { ApiError } from '@quorum/client/api-error';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { settingsKeys } from './keys.ts';

export const changePassword = defineMutation(
  settingsKeys.mutation('change-password'),
  (body: { password: string; newPassword: string; repeatPassword: string }) => api.changePassword(body),
);

/** Refusals the password form shows beside its fields. */
const isShownInForm = (error: Error) => error instanceof ApiError && (error.status === 400 || error.status === 401);

/** POST /api/_settings?action=changePassword: other devices are logged out (the sessions list is read again), this one stays. */
export function useChangePassword() {
  return useDefinedMutation(changePassword, {
    meta: { handlesError: isShownInForm },
    onSuccess: (_answer, _body, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}
