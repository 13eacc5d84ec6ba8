import type { MuteType } from '@quorum/shared/entities/mutes';
import type { Db } from '../db/connect.ts';
import type { MuteRow } from './present.ts';

/**
 * Where mutes of a type are kept, and what may be muted: a user whose account is not deleted (a
 * deleted one is as unknown here as a missing one), a community that is not deleted.
 */
function muteTable(db: Db, type: MuteType) {
  return type === 'user'
    ? {
        table: db`user_mutes`,
        column: db`muted_user_id`,
        // Locked until the mute is saved: an account being deleted meanwhile is read again once
        // deleted (and refused), or its deletion waits and then removes this mute with the others.
        target: (id: string) => db`select id, username as name from users where id = ${id} and deleted_at is null for share`,
      }
    : {
        table: db`community_mutes`,
        column: db`community_id`,
        target: (id: string) => db`select id, name from communities where id = ${id} and deleted_at is null`,
      };
}

/**
 * Mutes a user or a community (muting again changes nothing) and answers the mute, new or old;
 * undefined when there is nothing of that id to mute.
 */
export async function insertMute(db: Db, userId: string, type: MuteType, targetId: string): Promise<MuteRow | undefined> {
  const { table, column, target } = muteTable(db, type);
  const [row] = await db<MuteRow[]>`
    with target as (${target(targetId)}),
    inserted as (
      insert into ${table} (user_id, ${column}) select ${userId}, id from target
      on conflict do nothing
      returning created_at
    )
    select t.id as target_id, t.name, coalesce((select created_at from inserted), m.created_at) as created_at
    from target t left join ${table} m on m.user_id = ${userId} and m.${column} = t.id`;
  return row;
}

export async function deleteMute(db: Db, userId: string, type: MuteType, targetId: string): Promise<void> {
  const { table, column } = muteTable(db, type);
  await db`delete from ${table} where user_id = ${userId} and ${column} = ${targetId}`;
}

export async function deleteAllMutes(db: Db, userId: string, type: MuteType): Promise<void> {
  await db`delete from ${muteTable(db, type).table} where user_id = ${userId}`;
}

/** A user's mutes, newest first, with the name of the muted user or community. */
export async function listMutes(db: Db, userId: string): Promise<{ userMutes: MuteRow[]; communityMutes: MuteRow[] }> {
  const [userMutes, communityMutes] = await Promise.all([
    db<MuteRow[]>`
      select m.muted_user_id as target_id, u.username as name, m.created_at
      from user_mutes m join users u on u.id = m.muted_user_id
      where m.user_id = ${userId} order by m.created_at desc`,
    db<MuteRow[]>`
      select m.community_id as target_id, c.name, m.created_at
      from community_mutes m join communities c on c.id = m.community_id
      where m.user_id = ${userId} order by m.created_at desc`,
  ]);
  return { userMutes, communityMutes };
}
