import { ApiError } from '@quorum/client/api-error';
import { ErrorCode } from '@quorum/shared/errors';
import type { User } from '@quorum/shared/entities/users';
import type { SignupBody } from '@quorum/shared/schemas/users';
import { api } from '../api-client.ts';
import { defineMutation, useDefinedMutation } from '../mutation-definition.ts';
import { sessionKeys } from './keys.ts';
import { applySessionChange } from './session-change.ts';

export const signup = defineMutation(sessionKeys.mutation('signup'), (body: SignupBody): Promise<User> => api.signup(body));

/** Failures the signup form explains beside its fields instead of raising an alert. */
export function isSignupErrorShownInForm(error: Error): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    (error.status === 409 && error.code === ErrorCode.usernameTaken) ||
    (error.status === 403 && error.code === ErrorCode.signupsDisabled) ||
    (error.status === 403 && error.code === ErrorCode.ipBlocked) ||
    error.status === 400
  );
}

/** POST /api/_signup: creates the account and logs it in. */
export function useSignup() {
  return useDefinedMutation(signup, {
    meta: { handlesError: isSignupErrorShownInForm },
    onSuccess: (user, _body, _onMutateResult, { client }) => applySessionChange(client, user),
  });
}
