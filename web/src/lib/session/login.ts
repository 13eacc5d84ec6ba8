import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { mutations, useDefinedMutation } from '../mutations.ts';
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
  return useDefinedMutation(mutations.login, {
    meta: { handlesError: (error) => loginErrorMessage(error, '') !== null },
    onSuccess: (user, _body, _onMutateResult, { client }) => applySessionChange(client, user),
  });
}
