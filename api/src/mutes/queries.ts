import type { Mute, Mutes } from '@quorum/shared/types';
import type { Db } from '../db/connect.ts';

export async function insertUserMute(db: Db, userId: string, mutedUserId: string): Promise<void> {
  await db`insert into user_mutes (user_id, muted_user_id) values (${userId}, ${mutedUserId}) on conflict do nothing`;
}

export async function insertCommunityMute(db: Db, userId: string, communityId: string): Promise<void> {
  await db`insert into community_mutes (user_id, community_id) values (${userId}, ${communityId}) on conflict do nothing`;
}

export async function deleteUserMute(db: Db, userId: string, mutedUserId: string): Promise<void> {
  await db`delete from user_mutes where user_id = ${userId} and muted_user_id = ${mutedUserId}`;
}

export async function deleteCommunityMute(db: Db, userId: string, communityId: string): Promise<void> {
  await db`delete from community_mutes where user_id = ${userId} and community_id = ${communityId}`;
}

export async function deleteAllMutes(db: Db, userId: string, type: 'user' | 'community'): Promise<void> {
  if (type === 'user') await db`delete from user_mutes where user_id = ${userId}`;
  else await db`delete from community_mutes where user_id = ${userId}`;
}

/** A user's mutes, newest first, with the muted user or community. */
export async function listMutes(db: Db, userId: string): Promise<Mutes> {
  const [userMutes, communityMutes] = await Promise.all([
    db<{ mutedUserId: string; username: string; createdAt: Date }[]>`
      select m.muted_user_id, u.username, m.created_at
      from user_mutes m join users u on u.id = m.muted_user_id
      where m.user_id = ${userId} order by m.created_at desc`,
    db<{ communityId: string; name: string; createdAt: Date }[]>`
      select m.community_id, c.name, m.created_at
      from community_mutes m join communities c on c.id = m.community_id
      where m.user_id = ${userId} order by m.created_at desc`,
  ]);
  return {
    userMutes: userMutes.map(
      (m): Mute => ({
        id: `user:${m.mutedUserId}`,
        type: 'user',
        mutedUserId: m.mutedUserId,
        mutedCommunityId: null,
        mutedUser: { id: m.mutedUserId, username: m.username },
        createdAt: m.createdAt.toISOString(),
      }),
    ),
    communityMutes: communityMutes.map(
      (m): Mute => ({
        id: `community:${m.communityId}`,
        type: 'community',
        mutedUserId: null,
        mutedCommunityId: m.communityId,
        mutedCommunity: { id: m.communityId, name: m.name, proPic: null },
        createdAt: m.createdAt.toISOString(),
      }),
    ),
  };
}
