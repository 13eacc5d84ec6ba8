import { ApiError } from '@quorum/client/api-error';
import type { Community } from '@quorum/shared/entities/communities';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed } from '../../components/errors/load-failed.tsx';
import { isUnavailableOffline } from '../../lib/offline.ts';
import { NotFoundRoute } from './not-found.tsx';

/** True when a screen of a community has nothing to show: offline without a copy, or the read failed. */
export function communityLoadFailed(query: UseQueryResult<Community>): boolean {
  return isUnavailableOffline(query) || (query.isError && !query.data);
}

/**
 * What a screen of a community shows when the community could not be read (see
 * communityLoadFailed): the offline state, the not-found page, or the failure with Retry.
 */
export function CommunityLoadProblem({ query }: { query: UseQueryResult<Community> }) {
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundRoute />;
  return <LoadFailed query={query} variant="page" savedCopy="page" message="The community couldn't be loaded." />;
}
