import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

/** GET /api/communities/{name}?byName=true: the community with its mods and rules. */
export const communityOptions = (name: string) =>
  queryOptions({
    queryKey: communityKeys.detail(name),
    queryFn: ({ signal }) => api.getCommunityByName(name, signal),
    // A missing community is shown as the not-found page, not raised as an alert.
    meta: { silent: true },
  });
