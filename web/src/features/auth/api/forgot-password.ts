import type { ForgotPasswordBody } from '@quorum/shared/schemas/users';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { sessionKeys } from '../../../lib/session/keys.ts';

export const forgotPassword = defineMutation(sessionKeys.mutation('forgot-password'), (body: ForgotPasswordBody) => api.forgotPassword(body));

/** POST /api/_forgot_password: the answer is the same whether or not an account matched. */
export function useForgotPassword() {
  return useDefinedMutation(forgotPassword);
}
