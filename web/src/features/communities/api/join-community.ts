import type { Community } from '@quorum/shared/types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';
import { restoreCommunities, snapshotCommunities, updateCachedCommunity } from './update-cached-community.ts';

/**
 * POST /api/_joinCommunity {communityId, leave}. The button and member count change at once and
 * go back if the server refuses; the sidebar's list follows.
 */
export function useJoinCommunity() {
  return useMutation({
    mutationKey: [...communityKeys.all, 'join'],
    mutationFn: ({ community, join }: { community: Community; join: boolean }) => api.joinCommunity(community.id, !join),
    onMutate: async ({ community, join }, { client }) => {
      await client.cancelQueries({ queryKey: communityKeys.all });
      const snapshot = snapshotCommunities(client);
      if (community.userJoined !== join) {
        updateCachedCommunity(client, { ...community, userJoined: join, noMembers: Math.max(0, community.noMembers + (join ? 1 : -1)) });
      }
      return snapshot;
    },
    onError: (_error, _variables, snapshot, { client }) => {
      if (snapshot) restoreCommunities(client, snapshot);
    },
    onSuccess: (community, _variables, _snapshot, { client }) => updateCachedCommunity(client, community),
  });
}
