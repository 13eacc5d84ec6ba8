import { MUTE_ALERT_LIFETIME_MS } from '@quorum/shared/constants';
import type { Mute, Mutes } from '@quorum/shared/entities/mutes';
import type { InitialData } from '@quorum/shared/entities/site';
import { useMutation, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAlerts } from '../alerts-context.tsx';
import type { MuteTarget, MuteWrite } from '@quorum/client/outbox/writes';
import { discardWrite, writeMutationKey, type SubmitResult, type WriteKind, type WriteVariables } from '../outbox/outbox.ts';
import { useOutboxEntry } from '../outbox/use-outbox.ts';
import { initialOptions, useInitialData } from './get-initial.ts';
import { sessionKeys } from './keys.ts';

export type { MuteTarget };

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

/**
 * POST /api/mutes and DELETE /api/mutes/users/{id} or /communities/{id}. The bootstrap data keeps
 * the list of mutes; everything the viewer sees is refetched without the muted.
 */
export const muteWrite: WriteKind<MuteWrite, Mute | null> = {
  apply: (client, { target }, created) => {
    setMutes(client, (mutes) => (created ? withMute(withoutTarget(mutes, target), created) : withoutTarget(mutes, target)));
    void refetchViewerData(client);
  },
  describe: ({ target, mute }) => `${mute ? 'Muting' : 'Unmuting'} ${target.type === 'user' ? '@' : '/'}${target.name}`,
};

function usePendingMute(target: Pick<MuteTarget, 'type' | 'id'>) {
  return useOutboxEntry<MuteWrite>('mute', (write) => write.target.type === target.type && write.target.id === target.id);
}

/** Whether the logged-in user muted this user or community (from the bootstrap data and the outbox). */
export function useIsMuted(target: Pick<MuteTarget, 'type' | 'id'>): boolean {
  const { mutes } = useInitialData();
  const pending = usePendingMute(target);
  if (pending && pending.state !== 'failed') return pending.write.mute;
  return target.type === 'user'
    ? mutes.userMutes.some((mute) => mute.mutedUserId === target.id)
    : mutes.communityMutes.some((mute) => mute.mutedCommunityId === target.id);
}

/**
 * Mutes and unmutes through the outbox, with the specification's confirmations once the server
 * has it. Offline the change shows at once and is sent when the network returns; a mute and an
 * unmute made while offline cancel each other out.
 */
function useMuteMutation() {
  const alerts = useAlerts();
  const { mutate } = useMutation<SubmitResult<Mute | null>, Error, WriteVariables<MuteWrite>>({
    mutationKey: writeMutationKey('mute'),
    onSuccess: (result, { write: { target, mute } }) => {
      if (!result.sent) return;
      if (mute) {
        const text =
          target.type === 'user'
            ? `Posts from @${target.name} won't appear on any of your feeds from now on.`
            : `Posts from /${target.name} won't appear on All anymore.`;
        alerts.show(text, { lifetime: MUTE_ALERT_LIFETIME_MS });
      } else {
        alerts.show(target.type === 'user' ? `Unmuted @${target.name}` : `Unmuted /${target.name}`);
      }
    },
  });
  return mutate;
}

/** The mute state of one user or community (pending ones included) and the function that flips it. */
export function useMute(target: MuteTarget) {
  const { mutes } = useInitialData();
  const pending = usePendingMute(target);
  const muted = useIsMuted(target);
  const mutate = useMuteMutation();
  const saved =
    target.type === 'user'
      ? mutes.userMutes.some((mute) => mute.mutedUserId === target.id)
      : mutes.communityMutes.some((mute) => mute.mutedCommunityId === target.id);
  const toggle = useCallback(() => {
    if (pending?.state === 'sending') return;
    const mute = !muted;
    if (mute === saved && pending) {
      void discardWrite(pending.key);
      return;
    }
    mutate({ write: { kind: 'mute', target, mute }, replaces: pending?.key });
  }, [pending, muted, saved, target, mutate]);
  return { muted, toggle };
}
