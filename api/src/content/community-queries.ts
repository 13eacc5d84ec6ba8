// The reads of communities that posts and comments are shown with, and where a user stands in one.
import type { Db } from '../db/connect.ts';
import { imageJson } from '../images/queries.ts';
import type { CommunityRow } from './community-present.ts';
import type { Standing } from './policy.ts';

/** Whether the viewer has joined, moderates and has muted community `c`. */
export function communityViewerColumns(db: Db, viewerId: string | null) {
  return db`
      exists (select 1 from community_members m where m.community_id = c.id and m.user_id = ${viewerId}) as user_joined,
      exists (select 1 from community_mods m where m.community_id = c.id and m.user_id = ${viewerId}) as user_mod,
      exists (select 1 from community_mutes m where m.community_id = c.id and m.user_id = ${viewerId}) as is_muted`;
}

/**
 * Communities with the viewer's relation to each (joined, moderating, muted), their mods and rules.
 * `extra` adds columns after these (the sort value a page's cursor is made from).
 */
export function selectCommunities(db: Db, viewerId: string | null, extra = db``) {
  return db`
    select c.id, c.name, c.about, c.no_members, c.posting_restricted, c.created_at,
      ${imageJson(db, db`c.pro_pic_id`)} as pro_pic,
      ${imageJson(db, db`c.banner_image_id`)} as banner_image,
      exists (select 1 from default_communities d where d.community_id = c.id) as is_default,
      ${communityViewerColumns(db, viewerId)},
      coalesce((select json_agg(json_build_object('id', u.id, 'username', u.username) order by m.position)
        from community_mods m join users u on u.id = m.user_id where m.community_id = c.id), '[]') as mods,
      coalesce((select json_agg(json_build_object('id', r.id, 'rule', r.rule, 'description', r.description,
          'zIndex', r.z_index) order by r.z_index, r.id)
        from community_rules r where r.community_id = c.id), '[]') as rules
      ${extra}
    from communities c`;
}

export async function getCommunityById(db: Db, id: string, viewerId: string | null): Promise<CommunityRow | undefined> {
  const [row] = await db<CommunityRow[]>`${selectCommunities(db, viewerId)} where c.id = ${id} and c.deleted_at is null`;
  return row;
}

/** Communities by id, in no particular order; ids of no (living) community are left out. */
export async function getCommunitiesByIds(db: Db, ids: readonly string[], viewerId: string | null): Promise<CommunityRow[]> {
  if (ids.length === 0) return [];
  return db<CommunityRow[]>`${selectCommunities(db, viewerId)} where c.id = any(${ids}::uuid[]) and c.deleted_at is null`;
}

/** A community by name, whatever the case. */
export async function getCommunityByName(db: Db, name: string, viewerId: string | null): Promise<CommunityRow | undefined> {
  const [row] = await db<CommunityRow[]>`
    ${selectCommunities(db, viewerId)} where lower(c.name) = lower(${name}) and c.deleted_at is null`;
  return row;
}

const NOBODY: Standing = { isMember: false, isMod: false, isBanned: false };

/** Where a user (none for visitors) stands in a community. */
export async function getStanding(db: Db, communityId: string, userId: string | null): Promise<Standing> {
  if (!userId) return NOBODY;
  const [row] = await db<Standing[]>`
    select
      exists (select 1 from community_members where community_id = ${communityId} and user_id = ${userId}) as is_member,
      exists (select 1 from community_mods where community_id = ${communityId} and user_id = ${userId}) as is_mod,
      exists (select 1 from community_bans where community_id = ${communityId} and user_id = ${userId}
              and (expires_at is null or expires_at > now())) as is_banned`;
  return row ?? NOBODY;
}

export async function communityExists(db: Db, id: string): Promise<boolean> {
  const rows = await db`select 1 from communities where id = ${id} and deleted_at is null`;
  return rows.length > 0;
}

/** The ids of the communities a user joined, leaving out deleted ones. */
export async function listJoinedCommunityIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select c.id from community_members m join communities c on c.id = m.community_id
    where m.user_id = ${userId} and c.deleted_at is null`;
  return rows.map((row) => row.id);
}
