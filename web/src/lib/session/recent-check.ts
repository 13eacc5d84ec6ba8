import { ApiError } from '@quorum/client/api-error';
import { ErrorCode } from '@quorum/shared/errors';
import type { ReauthBody } from '@quorum/shared/schemas/users';
import { api } from '../api-client.ts';
import { defineMutation, useDefinedMutation } from '../mutation-definition.ts';
import { sessionKeys } from './keys.ts';

/** The server asks the member to prove who they are again before this change. */
export function isReauthRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === ErrorCode.reauthRequired;
}

export const reauth = defineMutation(sessionKeys.mutation('reauth'), (body: ReauthBody) => api.reauth(body));

/** POST /api/_reauth: a wrong password is the form's to say. */
export function useReauth() {
  return useDefinedMutation(reauth, {
    meta: { handlesError: (error) => error instanceof ApiError && (error.status === 403 || error.status === 400) },
  });
}
