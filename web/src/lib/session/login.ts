import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { User } from '@quorum/shared/entities/users';
import type { LoginBody, ResetPasswordBody } from '@quorum/shared/schemas/users';
import { api } from '../api-client.ts';
import { defineMutation, useDefinedMutation } from '../mutation-definition.ts';
import { sessionKeys } from './keys.ts';
import { applySessionChange } from './session-change.ts';

export const login = defineMutation(sessionKeys.mutation('login'), (body: LoginBody): Promise<User> => api.login(body));

export const resetPassword = defineMutation(sessionKeys.mutation('reset-password'), (body: ResetPasswordBody): Promise<User> => api.resetPassword(body));

/** The message the login form shows for a failure it explains itself, or null. */
export function loginErrorMessage(error: Error, username: string): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return Messages.wrongCredentials;
  if (error.status === 403 && error.code === ErrorCode.accountSuspended) return Messages.suspended(username.trim());
  return null;
}

/** POST /api/_reset_password: the new password is set and the member is logged in, as by a login. */
export function useResetPassword() {
  return useDefinedMutation(resetPassword, {
    meta: { handlesError: (error) => error instanceof ApiError && error.status === 400 },
    onSuccess: (user, _body, _onMutateResult, { client }) => applySessionChange(client, user),
  });
}

/** POST /api/_login */
export function useLogin() {
  return useDefinedMutation(login, {
    meta: { handlesError: (error) => loginErrorMessage(error, '') !== null },
    onSuccess: (user, _body, _onMutateResult, { client }) => applySessionChange(client, user),
  });
}
