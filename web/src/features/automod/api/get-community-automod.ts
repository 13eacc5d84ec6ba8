import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { automodKeys } from './keys.ts';

/** GET /api/communities/{id}/automod: the community's watched words and new-member limits (its mods and admins). */
export const communityAutoModOptions = (communityId: string) =>
  queryOptions({
    queryKey: automodKeys.community(communityId),
    queryFn: ({ signal }) => api.getCommunityAutoMod(communityId, signal),
    meta: { persist: false },
  });
