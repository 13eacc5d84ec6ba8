import type { Community } from '@quorum/shared/entities/communities';
import type { InitialData } from '@quorum/shared/entities/site';
import type { QueryClient } from '@tanstack/react-query';
import { initialOptions } from '../session/get-initial.ts';
import { writeEntity, resolveWrite, type EntityWrite } from './entity-cache.ts';

export function isCommunity(value: object): value is Community {
  return 'noMembers' in value && 'name' in value && 'userJoined' in value;
}

function byName(a: Community, b: Community): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Writes the community wherever it is cached: its page, the communities lists, the bootstrap data
 * and the community that came with each post. An answer also puts the community in or out of the
 * bootstrap data's list of the communities the user joined (the sidebar's, sorted by name as the
 * server sends it).
 */
export function writeCommunity(client: QueryClient, ...write: EntityWrite<Community>): void {
  writeEntity(client, isCommunity, ...resolveWrite(write, (cached, community) => ({ ...cached, ...community })));
  if (write.length === 2) return;
  const [community] = write;
  client.setQueryData(initialOptions().queryKey, (initial: InitialData | undefined) => {
    if (!initial?.user) return initial;
    const others = initial.communities.filter((item) => item.id !== community.id);
    return { ...initial, communities: community.userJoined ? [...others, community].sort(byName) : others };
  });
}
