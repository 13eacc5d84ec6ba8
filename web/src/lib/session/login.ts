import { ApiError } from '@quorum/client/api-error';
import { isSecondStep } from '@quorum/shared/entities/two-step';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { User, UserOrSecondStep } from '@quorum/shared/entities/users';
import type { LoginBody, ResetPasswordBody } from '@quorum/shared/schemas/users';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { defineMutation, useDefinedMutation } from '../mutation-definition.ts';
import { sessionKeys } from './keys.ts';
import { applySessionChange } from './session-change.ts';

/** The password, answered by the account, or by `{ secondStep: 'code' }` for an account with two-step sign-in. */
export const login = defineMutation(sessionKeys.mutation('login'), (body: LoginBody): Promise<UserOrSecondStep> => api.login(body));

export const resetPassword = defineMutation(
  sessionKeys.mutation('reset-password'),
  (body: ResetPasswordBody): Promise<UserOrSecondStep> => api.resetPassword(body),
);

/** The second step: a code from the authenticator app or a backup code. */
export const loginCode = defineMutation(sessionKeys.mutation('login-code'), ({ code }: { code: string }): Promise<User> => api.loginCode(code));

/** The message the login form shows for a failure it explains itself, or null. */
export function loginErrorMessage(error: Error, username: string): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return Messages.wrongCredentials;
  if (error.status === 403 && error.code === ErrorCode.accountSuspended) return Messages.suspended(username.trim());
  return null;
}

/** Whether the sign-in waiting for a code is gone (it took too long, or too many codes were wrong): the password is needed again. */
export const isLoginExpired = (error: Error) => error instanceof ApiError && error.code === ErrorCode.loginExpired;

/** The message the code step shows for a failure it explains itself, or null. */
export function loginCodeErrorMessage(error: Error): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 400 || error.status === 401 || (error.status === 403 && error.code === ErrorCode.accountSuspended)) return error.message;
  return null;
}

/** After the password: the session changes now unless a code is asked for first. */
const applyUnlessSecondStep = (client: QueryClient, answer: UserOrSecondStep) =>
  isSecondStep(answer) ? undefined : applySessionChange(client, answer);

/** POST /api/_reset_password: the new password is set and the member is logged in, as by a login (after a code, with two-step sign-in). */
export function useResetPassword() {
  return useDefinedMutation(resetPassword, {
    meta: { handlesError: (error) => error instanceof ApiError && error.status === 400 },
    onSuccess: (answer, _body, _onMutateResult, { client }) => applyUnlessSecondStep(client, answer),
  });
}

/** POST /api/_login */
export function useLogin() {
  return useDefinedMutation(login, {
    meta: { handlesError: (error) => loginErrorMessage(error, '') !== null },
    onSuccess: (answer, _body, _onMutateResult, { client }) => applyUnlessSecondStep(client, answer),
  });
}

/** POST /api/_login_code: the session starts once the code is right. */
export function useLoginCode() {
  return useDefinedMutation(loginCode, {
    meta: { handlesError: (error) => loginCodeErrorMessage(error) !== null },
    onSuccess: (user, _variables, _onMutateResult, { client }) => applySessionChange(client, user),
  });
}
