import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { modtoolsKeys } from './keys.ts';

/** GET /api/communities/{id}/mods: the mods, most senior first. */
export const modsOptions = (communityId: string) =>
  queryOptions({
    queryKey: modtoolsKeys.mods(communityId),
    queryFn: ({ signal }) => api.getMods(communityId, signal),
    meta: { persist: false },
  });
