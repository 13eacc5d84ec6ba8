import type { MuteType } from '@quorum/shared/types';
import type { Db } from '../db/connect.ts';
import type { CommunityMuteRow, UserMuteRow } from './present.ts';

/**
 * Mutes a user (muting again changes nothing) and answers the mute, new or old; undefined when
 * there is no such user.
 */
export async function insertUserMute(db: Db, userId: string, mutedUserId: string): Promise<UserMuteRow | undefined> {
  const [row] = await db<UserMuteRow[]>`
    with target as (select id, username from users where id = ${mutedUserId}),
    inserted as (
      insert into user_mutes (user_id, muted_user_id) select ${userId}, id from target
      on conflict do nothing
      returning created_at
    )
    select t.id as muted_user_id, t.username, coalesce((select created_at from inserted), m.created_at) as created_at
    from target t left join user_mutes m on m.user_id = ${userId} and m.muted_user_id = t.id`;
  return row;
}

/**
 * Mutes a community (muting again changes nothing) and answers the mute, new or old; undefined
 * when there is no such community or it is deleted.
 */
export async function insertCommunityMute(db: Db, userId: string, communityId: string): Promise<CommunityMuteRow | undefined> {
  const [row] = await db<CommunityMuteRow[]>`
    with target as (select id, name from communities where id = ${communityId} and deleted_at is null),
    inserted as (
      insert into community_mutes (user_id, community_id) select ${userId}, id from target
      on conflict do nothing
      returning created_at
    )
    select t.id as community_id, t.name, coalesce((select created_at from inserted), m.created_at) as created_at
    from target t left join community_mutes m on m.user_id = ${userId} and m.community_id = t.id`;
  return row;
}

export async function deleteUserMute(db: Db, userId: string, mutedUserId: string): Promise<void> {
  await db`delete from user_mutes where user_id = ${userId} and muted_user_id = ${mutedUserId}`;
}

export async function deleteCommunityMute(db: Db, userId: string, communityId: string): Promise<void> {
  await db`delete from community_mutes where user_id = ${userId} and community_id = ${communityId}`;
}

export async function deleteAllMutes(db: Db, userId: string, type: MuteType): Promise<void> {
  if (type === 'user') await db`delete from user_mutes where user_id = ${userId}`;
  else await db`delete from community_mutes where user_id = ${userId}`;
}

/** A user's mutes, newest first, with the muted user or community. */
export async function listMutes(db: Db, userId: string): Promise<{ userMutes: UserMuteRow[]; communityMutes: CommunityMuteRow[] }> {
  const [userMutes, communityMutes] = await Promise.all([
    db<UserMuteRow[]>`
      select m.muted_user_id, u.username, m.created_at
      from user_mutes m join users u on u.id = m.muted_user_id
      where m.user_id = ${userId} order by m.created_at desc`,
    db<CommunityMuteRow[]>`
      select m.community_id, c.name, m.created_at
      from community_mutes m join communities c on c.id = m.community_id
      where m.user_id = ${userId} order by m.created_at desc`,
  ]);
  return { userMutes, communityMutes };
}
