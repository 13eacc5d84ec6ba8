import { ApiError } from '@quorum/client/api-error';
import type { CommunityRequest } from '@quorum/shared/entities/community-requests';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { communityKeys } from './keys.ts';

export const requestCommunity = defineMutation(
  communityKeys.mutation('request'),
  (body: { name: string; note: string | null }): Promise<CommunityRequest> => api.requestCommunity(body)
);

/** The server's message for a refused request (shown in the form), or null for other failures. */
export function requestCommunityErrorMessage(error: Error): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429 ? error.message : null;
}

/** POST /api/community_requests: asks the admins for a community the user may not create yet. */
export function useRequestCommunity() {
  return useDefinedMutation(requestCommunity, {
    meta: { handlesError: (error) => requestCommunityErrorMessage(error) !== null },
  });
}
