import { ApiError } from '@quorum/client/api-error';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';

/** The server's message for a refused request (shown in the form), or null for other failures. */
export function requestCommunityErrorMessage(error: Error): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429 ? error.message : null;
}

/** POST /api/community_requests: asks the admins for a community the user may not create yet. */
export function useRequestCommunity() {
  return useDefinedMutation(mutations.requestCommunity, {
    meta: { handlesError: (error) => requestCommunityErrorMessage(error) !== null },
  });
}
