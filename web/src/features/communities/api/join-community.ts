import type { Community } from '@quorum/shared/entities/communities';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { writeCommunity } from '../../../lib/cache/community-cache.ts';
import { keyRoots } from '../../../lib/cache/key-roots.ts';
import type { JoinCommunityWrite } from '@quorum/client/outbox/writes';
import { discardWrite, writeMutationKey, type WriteKind, type WriteVariables } from '../../../lib/outbox/outbox.ts';
import { useOutboxEntry } from '../../../lib/outbox/use-outbox.ts';
import { seedCommunity } from './get-community.ts';

/** POST /api/_joinCommunity {communityId, leave}; the answer updates every copy and the sidebar's list. */
export const joinCommunityWrite: WriteKind<JoinCommunityWrite, Community> = {
  apply: (client, _write, community) => {
    writeCommunity(client, community);
    seedCommunity(client, community);
    // The home feed holds the joined communities' posts.
    void client.invalidateQueries({ queryKey: keyRoots.feeds });
  },
  describe: (write) => `${write.join ? 'Joining' : 'Leaving'} /${write.communityName}`,
};

/** The community as the user will see it once a waiting join or leave is sent. */
function showMembership(community: Community, join: boolean): Community {
  if (community.userJoined === join) return community;
  return { ...community, userJoined: join, noMembers: Math.max(0, community.noMembers + (join ? 1 : -1)) };
}

/**
 * Join / leave through the outbox: the button and member count change at once, wait while
 * offline (pending) and go back if the server refuses. A join and a leave made while offline
 * cancel each other out.
 */
export function useJoinCommunity(community: Community) {
  const pending = useOutboxEntry<JoinCommunityWrite>('join-community', (write) => write.communityId === community.id);
  const { mutate } = useMutation<unknown, Error, WriteVariables<JoinCommunityWrite>>({ mutationKey: writeMutationKey('join-community') });
  const setMembership = useCallback(
    (join: boolean) => {
      if (pending?.state === 'sending') return;
      if (join === community.userJoined) {
        if (pending) void discardWrite(pending.key);
        return;
      }
      mutate({ write: { kind: 'join-community', communityId: community.id, communityName: community.name, join }, replaces: pending?.key });
    },
    [pending, community.id, community.name, community.userJoined, mutate],
  );
  const shown = pending && pending.state !== 'failed' ? showMembership(community, pending.write.join) : community;
  return { setMembership, shown, pending };
}
