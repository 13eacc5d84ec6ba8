import { MUTE_ALERT_LIFETIME_MS } from '@quorum/shared/constants';
import type { InitialData, Mute, Mutes } from '@quorum/shared/types';
import { useMutation, type QueryClient } from '@tanstack/react-query';
import { useAlerts } from '../alerts-context.tsx';
import { api } from '../api-client.ts';
import { initialOptions, useInitialData } from './get-initial.ts';
import { sessionKeys } from './keys.ts';

export type MuteTarget = { type: 'user'; id: string; name: string } | { type: 'community'; id: string; name: string };

function setMutes(client: QueryClient, update: (mutes: Mutes) => Mutes): void {
  client.setQueryData(initialOptions().queryKey, (initial: InitialData | undefined) => initial && { ...initial, mutes: update(initial.mutes) });
}

function withoutTarget(mutes: Mutes, target: MuteTarget): Mutes {
  return target.type === 'user'
    ? { ...mutes, userMutes: mutes.userMutes.filter((mute) => mute.mutedUserId !== target.id) }
    : { ...mutes, communityMutes: mutes.communityMutes.filter((mute) => mute.mutedCommunityId !== target.id) };
}

function withMute(mutes: Mutes, mute: Mute): Mutes {
  return mute.type === 'user' ? { ...mutes, userMutes: [...mutes.userMutes, mute] } : { ...mutes, communityMutes: [...mutes.communityMutes, mute] };
}

/** Mutes change what every feed and thread holds for this viewer, so everything but the session is refetched. */
function refetchViewerData(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
}

/** Whether the logged-in user muted this user or community (from the bootstrap data). */
export function useIsMuted(target: Pick<MuteTarget, 'type' | 'id'>): boolean {
  const { mutes } = useInitialData();
  return target.type === 'user'
    ? mutes.userMutes.some((mute) => mute.mutedUserId === target.id)
    : mutes.communityMutes.some((mute) => mute.mutedCommunityId === target.id);
}

/**
 * POST /api/mutes and DELETE /api/mutes/users/{id} or /communities/{id}, with the
 * specification's confirmations. The bootstrap data keeps the list of mutes.
 */
export function useToggleMute() {
  const alerts = useAlerts();
  return useMutation({
    mutationFn: async ({ target, mute }: { target: MuteTarget; mute: boolean }): Promise<Mute | null> => {
      if (!mute) {
        await (target.type === 'user' ? api.unmuteUser(target.id) : api.unmuteCommunity(target.id));
        return null;
      }
      return target.type === 'user' ? api.muteUser(target.id) : api.muteCommunity(target.id);
    },
    onSuccess: (created, { target }, _onMutateResult, { client }) => {
      setMutes(client, (mutes) => (created ? withMute(withoutTarget(mutes, target), created) : withoutTarget(mutes, target)));
      if (created) {
        const text =
          target.type === 'user'
            ? `Posts from @${target.name} won't appear on any of your feeds from now on.`
            : `Posts from /${target.name} won't appear on All anymore.`;
        alerts.show(text, { lifetime: MUTE_ALERT_LIFETIME_MS });
      } else {
        alerts.show(target.type === 'user' ? `Unmuted @${target.name}` : `Unmuted /${target.name}`);
      }
      void refetchViewerData(client);
    },
  });
}
