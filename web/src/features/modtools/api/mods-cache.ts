import type { User } from '@quorum/shared/entities/users';
import type { QueryClient } from '@tanstack/react-query';
import { writeCommunity } from '../../../lib/cache/community-cache.ts';
import { modtoolsKeys } from './keys.ts';

/**
 * Every change answers the new list: it replaces the modtools list and the community's own list
 * (its moderators card), and whether the viewer still moderates it.
 */
export function applyMods(client: QueryClient, communityId: string, mods: User[], viewerId: string | undefined): void {
  client.setQueryData(modtoolsKeys.mods(communityId), mods);
  writeCommunity(client, communityId, (cached) => ({
    ...cached,
    mods: mods.map(({ id, username }) => ({ id, username })),
    ...(viewerId !== undefined && { userMod: mods.some((mod) => mod.id === viewerId) }),
  }));
}
