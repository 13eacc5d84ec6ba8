import type { Mute, Mutes } from '@quorum/shared/types';

export interface UserMuteRow {
  mutedUserId: string;
  username: string;
  createdAt: Date;
}

export interface CommunityMuteRow {
  communityId: string;
  name: string;
  createdAt: Date;
}

export function presentUserMute(row: UserMuteRow): Mute {
  return {
    id: `user:${row.mutedUserId}`,
    type: 'user',
    mutedUserId: row.mutedUserId,
    mutedCommunityId: null,
    mutedUser: { id: row.mutedUserId, username: row.username },
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentCommunityMute(row: CommunityMuteRow): Mute {
  return {
    id: `community:${row.communityId}`,
    type: 'community',
    mutedUserId: null,
    mutedCommunityId: row.communityId,
    mutedCommunity: { id: row.communityId, name: row.name, proPic: null },
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentMutes(rows: { userMutes: UserMuteRow[]; communityMutes: CommunityMuteRow[] }): Mutes {
  return { userMutes: rows.userMutes.map(presentUserMute), communityMutes: rows.communityMutes.map(presentCommunityMute) };
}
