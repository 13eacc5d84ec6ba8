import type { Mute, Mutes } from '@quorum/shared/entities/mutes';

/** A mute: what is muted (a user or a community), its name, and since when. */
export interface MuteRow {
  targetId: string;
  name: string;
  createdAt: Date;
}

export function presentUserMute(row: MuteRow): Mute {
  return {
    id: `user:${row.targetId}`,
    type: 'user',
    mutedUserId: row.targetId,
    mutedCommunityId: null,
    mutedUser: { id: row.targetId, username: row.name },
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentCommunityMute(row: MuteRow): Mute {
  return {
    id: `community:${row.targetId}`,
    type: 'community',
    mutedUserId: null,
    mutedCommunityId: row.targetId,
    mutedCommunity: { id: row.targetId, name: row.name, proPic: null },
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentMutes(rows: { userMutes: MuteRow[]; communityMutes: MuteRow[] }): Mutes {
  return { userMutes: rows.userMutes.map(presentUserMute), communityMutes: rows.communityMutes.map(presentCommunityMute) };
}
