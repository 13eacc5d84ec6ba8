import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { LoginBody } from '@quorum/shared/schemas/users';
import type { User } from '@quorum/shared/types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { applySessionChange } from './session-change.ts';

/** The message the login form shows for a failure it explains itself, or null. */
export function loginErrorMessage(error: Error, username: string): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return Messages.wrongCredentials;
  if (error.status === 403 && error.code === ErrorCode.accountSuspended) return Messages.suspended(username.trim());
  return null;
}

/** POST /api/_login */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => api.login(body),
    networkMode: 'always',
    meta: { handlesError: (error) => loginErrorMessage(error, '') !== null },
    onSuccess: (user: User, _body, _onMutateResult, { client }) => applySessionChange(client, user),
  });
}
