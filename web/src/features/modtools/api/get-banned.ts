import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { modtoolsKeys } from './keys.ts';

/** GET /api/communities/{id}/banned */
export const bannedOptions = (communityId: string) =>
  queryOptions({
    queryKey: modtoolsKeys.banned(communityId),
    queryFn: ({ signal }) => api.getBanned(communityId, signal),
    meta: { persist: false },
  });
