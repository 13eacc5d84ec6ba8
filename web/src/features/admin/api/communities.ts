import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { adminKeys } from './keys.ts';

/** GET /api/communities?sort=name_asc: every community by name, page by page. */
export const adminCommunitiesOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.communities(),
    queryFn: ({ pageParam, signal }) => api.getCommunities({ sort: 'name_asc', next: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { persist: false },
  });

/** POST /api/_admin add_default_forum / remove_default_forum: default communities make up the home feed and sidebar of visitors. */
export function useSetDefaultCommunity() {
  return useDefinedMutation(mutations.setDefaultCommunity, {
    onSuccess: (_result, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: adminKeys.communities() }),
  });
}
