// The community domain's queries: its writes, the lists of communities and the sidebar. The reads
// that posts and comments are shown with are in content/community-queries.ts.
import { SIDEBAR_TOP_COMMUNITIES } from '@quorum/shared/constants';
import type { CommunitySort } from '@quorum/shared/entities/communities';
import type { CommunityRow } from '../content/community-present.ts';
import { selectCommunities } from '../content/community-queries.ts';
import type { Db } from '../db/connect.ts';

/**
 * Holds a community's row until the transaction ends, so that changes to its rules, mods and bans
 * take turns; answers its name, or undefined when there is no such community.
 */
export async function lockCommunity(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db<{ name: string }[]>`select name from communities where id = ${id} and deleted_at is null for no key update`;
  return row?.name;
}

/** What posting in a community checks: a community that is not deleted, by name whatever the case. */
export async function getCommunityForPosting(
  db: Db,
  name: string,
): Promise<{ id: string; name: string; postingRestricted: boolean } | undefined> {
  const [row] = await db<{ id: string; name: string; postingRestricted: boolean }[]>`
    select id, name, posting_restricted from communities where lower(name) = lower(${name}) and deleted_at is null`;
  return row;
}

/** The community a post is in; undefined when there is no such post. */
export async function getCommunityOfPost(db: Db, postId: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db<{ id: string; name: string }[]>`
    select c.id, c.name from posts p join communities c on c.id = p.community_id where p.id = ${postId}`;
  return row;
}

/** The community a comment is in; undefined when there is no such comment. */
export async function getCommunityOfComment(db: Db, commentId: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db<{ id: string; name: string }[]>`
    select c.id, c.name from comments cm join communities c on c.id = cm.community_id where cm.id = ${commentId}`;
  return row;
}

/** The id of a community that is not deleted, by name whatever the case. */
export async function getCommunityIdByName(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db<{ id: string }[]>`
    select id from communities where lower(name) = lower(${name}) and deleted_at is null`;
  return row?.id;
}

/**
 * The visitors' sidebar: the default communities, or the largest few while the site has none (the
 * same communities their home feed shows).
 */
export async function listVisitorSidebar(db: Db): Promise<CommunityRow[]> {
  return db<CommunityRow[]>`
    with defaults as (select community_id from default_communities),
    shown as (
      select id from communities
      where deleted_at is null and (id in (select community_id from defaults) or not exists (select 1 from defaults))
      order by (id in (select community_id from defaults)) desc, no_members desc, id desc
      limit case when exists (select 1 from defaults) then null else ${SIDEBAR_TOP_COMMUNITIES}::bigint end
    )
    ${selectCommunities(db, null)} where c.id in (select id from shown) order by lower(c.name)`;
}

/** Where a page of a sorted list starts: after the row with this sort value and id. */
export interface PageStart {
  value: string | number;
  id: string;
}

export type CommunityPageRow = CommunityRow & { sortValue: string | number };

/**
 * How each sort orders rows, with the id breaking ties so that the order is total; `after`
 * continues strictly past a row, in the same order. Time values travel as UTC text with
 * microseconds, the precision Postgres keeps.
 */
function communityOrder(db: Db, sort: CommunitySort, after: PageStart | undefined) {
  switch (sort) {
    case 'new':
      return {
        value: db`to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        after: after ? db`and (c.created_at, c.id) < (${after.value}::timestamptz, ${after.id}::uuid)` : db``,
        orderBy: db`c.created_at desc, c.id desc`,
      };
    case 'old':
      return {
        value: db`to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        after: after ? db`and (c.created_at, c.id) > (${after.value}::timestamptz, ${after.id}::uuid)` : db``,
        orderBy: db`c.created_at, c.id`,
      };
    case 'size':
      return {
        value: db`c.no_members`,
        after: after ? db`and (c.no_members, c.id) < (${after.value}::integer, ${after.id}::uuid)` : db``,
        orderBy: db`c.no_members desc, c.id desc`,
      };
    case 'name_asc':
      return {
        value: db`lower(c.name)`,
        after: after ? db`and (lower(c.name), c.id) > (${after.value}::text, ${after.id}::uuid)` : db``,
        orderBy: db`lower(c.name), c.id`,
      };
    case 'name_dsc':
      return {
        value: db`lower(c.name)`,
        after: after ? db`and (lower(c.name), c.id) < (${after.value}::text, ${after.id}::uuid)` : db``,
        orderBy: db`lower(c.name) desc, c.id desc`,
      };
  }
}

/**
 * One page of the communities that are not deleted, in a sort, starting after `after` (limit + 1
 * rows, so that the caller knows whether there is more). Each row carries its sort value for the
 * next page's cursor.
 */
export async function listCommunities(
  db: Db,
  options: { sort: CommunitySort; limit: number; after?: PageStart; viewerId: string | null },
): Promise<CommunityPageRow[]> {
  const order = communityOrder(db, options.sort, options.after);
  return db<CommunityPageRow[]>`
    ${selectCommunities(db, options.viewerId, db`, ${order.value} as sort_value`)}
    where c.deleted_at is null ${order.after}
    order by ${order.orderBy}
    limit ${options.limit + 1}`;
}

/** Communities whose name contains `text` (any case): the exact match first, then the largest. */
export async function searchCommunities(
  db: Db,
  options: { text: string; limit: number; viewerId: string | null },
): Promise<CommunityRow[]> {
  const text = options.text.toLowerCase();
  return db<CommunityRow[]>`
    ${selectCommunities(db, options.viewerId)}
    where c.deleted_at is null and strpos(lower(c.name), ${text}) > 0
    order by lower(c.name) = ${text} desc, c.no_members desc, c.id desc
    limit ${options.limit}`;
}

/** How many communities (not deleted) a user moderates. */
export async function countModeratedCommunities(db: Db, userId: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from community_mods m join communities c on c.id = m.community_id
    where m.user_id = ${userId} and c.deleted_at is null`;
  return row?.n ?? 0;
}

/** Holds a user's row until the transaction ends, so that one user's creations take turns. */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db`select 1 from users where id = ${userId} for no key update`;
}

/**
 * Inserts a community with its creator as first mod and only member. Undefined when the name is
 * taken in any case (the unique index decides, so two simultaneous creations cannot both win).
 */
export async function insertCommunity(
  db: Db,
  community: { name: string; about: string | null; createdBy: string },
): Promise<string | undefined> {
  const [row] = await db<{ id: string }[]>`
    with created as (
      insert into communities (name, about, created_by, no_members)
      values (${community.name}, ${community.about}, ${community.createdBy}, 1)
      on conflict ((lower(name))) do nothing
      returning id
    ), mod as (
      insert into community_mods (community_id, user_id, position, added_by)
      select id, ${community.createdBy}, 0, ${community.createdBy} from created
    ), member as (
      insert into community_members (community_id, user_id)
      select id, ${community.createdBy} from created
    )
    select id from created`;
  return row?.id;
}

/** Changes the fields given; a field left undefined keeps its value. */
export async function updateCommunity(
  db: Db,
  id: string,
  changes: { about?: string | null; postingRestricted?: boolean },
): Promise<void> {
  const setAbout = changes.about !== undefined;
  const setRestricted = changes.postingRestricted !== undefined;
  await db`
    update communities set
      about = case when ${setAbout} then ${changes.about ?? null}::text else about end,
      posting_restricted = case when ${setRestricted} then ${changes.postingRestricted ?? false} else posting_restricted end
    where id = ${id}`;
}

/**
 * Adds or removes a membership and moves the member count by the rows actually inserted or
 * deleted, in one statement, so that repeated and simultaneous calls keep the count exact.
 */
export async function setMembership(db: Db, communityId: string, userId: string, member: boolean): Promise<void> {
  if (member) {
    await db`
      with joined as (
        insert into community_members (community_id, user_id) values (${communityId}, ${userId})
        on conflict (community_id, user_id) do nothing
        returning 1
      )
      update communities set no_members = no_members + (select count(*) from joined)
      where id = ${communityId} and exists (select 1 from joined)`;
  } else {
    await db`
      with removed as (
        delete from community_members where community_id = ${communityId} and user_id = ${userId}
        returning 1
      )
      update communities set no_members = no_members - (select count(*) from removed)
      where id = ${communityId} and exists (select 1 from removed)`;
  }
}

/** Sets or clears a community's icon or banner; answers the image it replaced, if any. */
export async function setCommunityImage(
  db: Db,
  communityId: string,
  which: 'proPic' | 'bannerImage',
  imageId: string | null,
): Promise<string | null> {
  const column = which === 'proPic' ? 'pro_pic_id' : 'banner_image_id';
  const [row] = await db<{ previous: string | null }[]>`
    update communities c set ${db(column)} = ${imageId}
    from communities old
    where c.id = ${communityId} and old.id = c.id
    returning old.${db(column)} as previous`;
  return row?.previous ?? null;
}

/** Marks a community as one of the site's defaults; doing it twice changes nothing. */
/** Makes a community one of the site's defaults; false when it was one already. */
export async function insertDefaultCommunity(db: Db, communityId: string): Promise<boolean> {
  const rows = await db`insert into default_communities (community_id) values (${communityId}) on conflict (community_id) do nothing returning community_id`;
  return rows.length > 0;
}

/** Makes a community no longer one of the site's defaults; false when it was not one. */
export async function deleteDefaultCommunity(db: Db, communityId: string): Promise<boolean> {
  const rows = await db`delete from default_communities where community_id = ${communityId} returning community_id`;
  return rows.length > 0;
}
