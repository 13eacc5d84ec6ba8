// The SQL of a community's mods and bans.
import type { Db } from '../db/connect.ts';

/** A mod's place in a community's list: 0 is the most senior. */
export interface ModPlace {
  userId: string;
  position: number;
}

/** A community's mods, most senior first. */
export async function listModPlaces(db: Db, communityId: string): Promise<ModPlace[]> {
  return db<ModPlace[]>`select user_id, position from community_mods where community_id = ${communityId} order by position`;
}

/** Adds a mod at the end of the list (the most junior). */
export async function insertMod(db: Db, communityId: string, userId: string, addedBy: string): Promise<void> {
  await db`
    insert into community_mods (community_id, user_id, position, added_by)
    select ${communityId}, ${userId}, coalesce(max(position) + 1, 0), ${addedBy}
    from community_mods where community_id = ${communityId}`;
}

export async function deleteMod(db: Db, communityId: string, userId: string): Promise<void> {
  await db`delete from community_mods where community_id = ${communityId} and user_id = ${userId}`;
}

/**
 * Numbers a community's mods 0, 1, 2… in the order of `userIds` (all of its mods). Positions are
 * unique at every row, so they are first moved out of the way.
 */
export async function setModOrder(db: Db, communityId: string, userIds: readonly string[]): Promise<void> {
  await db`update community_mods set position = position + 1000000 where community_id = ${communityId}`;
  await db`
    update community_mods m set position = o.ord - 1
    from unnest(${userIds}::uuid[]) with ordinality as o(user_id, ord)
    where m.community_id = ${communityId} and m.user_id = o.user_id`;
}

/** The ids of the users banned from a community now, the latest ban first. */
export async function listBannedUserIds(db: Db, communityId: string): Promise<string[]> {
  const rows = await db<{ userId: string }[]>`
    select user_id from community_bans
    where community_id = ${communityId} and (expires_at is null or expires_at > now())
    order by created_at desc, user_id`;
  return rows.map((row) => row.userId);
}

/**
 * Bans a user from a community (until `expiresAt`, or for good when null). A ban that has run out
 * is replaced; false when the user is banned already.
 */
export async function insertBan(
  db: Db,
  ban: { communityId: string; userId: string; bannedBy: string; expiresAt: Date | null },
): Promise<boolean> {
  const rows = await db`
    insert into community_bans (community_id, user_id, banned_by, expires_at)
    values (${ban.communityId}, ${ban.userId}, ${ban.bannedBy}, ${ban.expiresAt})
    on conflict (community_id, user_id) do update
      set banned_by = excluded.banned_by, expires_at = excluded.expires_at, created_at = now()
      where community_bans.expires_at is not null and community_bans.expires_at <= now()
    returning 1`;
  return rows.length > 0;
}

/** Lifts a ban in effect; false when the user is not banned from the community. */
export async function deleteBan(db: Db, communityId: string, userId: string): Promise<boolean> {
  const rows = await db`
    with removed as (delete from community_bans where community_id = ${communityId} and user_id = ${userId}
                     returning expires_at)
    select 1 from removed where expires_at is null or expires_at > now()`;
  return rows.length > 0;
}
