import { ApiError } from '@quorum/client/api-error';
import { ErrorCode } from '@quorum/shared/errors';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { adminKeys } from './keys.ts';

/** GET /api/community_requests: the requests, newest first, page by page. */
export const communityRequestsOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.communityRequests(),
    queryFn: ({ pageParam, signal }) => api.getCommunityRequests(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    // A request may have been acted on elsewhere (a community created by that name) a moment ago.
    staleTime: 0,
    meta: { persist: false },
  });

/** True when another admin denied the request first (409 already_denied). */
export function isAlreadyDenied(error: Error): boolean {
  return error instanceof ApiError && error.code === ErrorCode.alreadyDenied;
}

/**
 * POST /api/_admin deny_comm: denies a request and tells its author why. Either way (denied now,
 * or by someone else before) the list loads again to show who denied it; the modal shows failures.
 */
export function useDenyCommunityRequest() {
  return useDefinedMutation(mutations.denyCommunityRequest, {
    meta: { handlesError: () => true },
    onSettled: (_result, error, _variables, _onMutateResult, { client }) => {
      if (!error || isAlreadyDenied(error)) return client.invalidateQueries({ queryKey: adminKeys.communityRequests() });
    },
  });
}
