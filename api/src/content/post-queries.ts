// The reads of posts: a post or many by id, the feeds and moderators' lists, each with the viewer's
// vote, hidden mark and last visit.
import type { FeedSort } from '@quorum/shared/entities/posts';
import type { Db } from '../db/connect.ts';
import { epochMicros, fromEpochMicros } from '../db/micros.ts';
import { imageJson, imageObject } from '../images/queries.ts';
import { viewerPostCommentVotes, type CommentVote } from './comment-queries.ts';
import { communityViewerColumns } from './community-queries.ts';
import type { PostRow, PostViewerRow } from './post-present.ts';

/**
 * Posts with everything a card shows — images, author, community — and the viewer's vote, hidden
 * mark and last visit, in one statement.
 */
function selectPosts(db: Db, viewerId: string | null) {
  return db`
    select p.id, p.public_id, p.type, p.title, p.body, p.link_url, p.link_hostname,
      ${imageJson(db, db`p.link_image_id`)} as link_image,
      coalesce((select json_agg(${imageObject(db)}::jsonb || jsonb_build_object('caption', pi.caption) order by pi.z_index)
        from post_images pi join images i on i.id = pi.image_id
        where pi.post_id = p.id and i.deleted_at is null), '[]') as images,
      p.user_id, u.username, u.deleted_at is not null as user_deleted, u.is_admin as author_is_admin,
      ${imageJson(db, db`u.pro_pic_id`)} as author_pro_pic,
      p.user_group, p.community_id, c.name as community_name,
      ${imageJson(db, db`c.pro_pic_id`)} as community_pro_pic,
      p.locked_at, p.locked_by_group, p.deleted_at, p.deleted_as, p.deleted_content_at, p.deleted_content_as,
      p.pinned_at, p.pinned_site_at, p.held_at, p.upvotes, p.downvotes, p.hotness, p.points, p.no_comments,
      p.created_at, p.edited_at, p.last_activity_at,
      ${epochMicros(db, db`p.last_activity_at`)} as activity_us,
      ${viewerColumns(db)}
    from posts p
    join users u on u.id = p.user_id
    join communities c on c.id = p.community_id
    ${viewerJoins(db, viewerId)}`;
}

/** The viewer's vote, hidden mark and last visit of posts `p`, and the comments new since that visit. */
function viewerColumns(db: Db) {
  return db`
    v.up as vote_up,
    (h.post_id is not null) as hidden,
    pv.last_visited_at as last_visit_at,
    case when pv.last_visited_at is null then 0
      else (select count(*)::int from comments cm
            where cm.post_id = p.id and cm.created_at > pv.last_visited_at and cm.user_id <> pv.user_id and cm.held_at is null)
    end as new_comments`;
}

function viewerJoins(db: Db, viewerId: string | null) {
  return db`
    left join post_votes v on v.post_id = p.id and v.user_id = ${viewerId}
    left join hidden_posts h on h.post_id = p.id and h.user_id = ${viewerId}
    left join post_visits pv on pv.post_id = p.id and pv.user_id = ${viewerId}`;
}

export interface ViewerRelation extends PostViewerRow {
  id: string;
  /** The post is gone, or the viewer's feed leaves it out (hidden, by a muted user, in a muted community). */
  leftOut: boolean;
  /** The viewer has posted since `postedSince` (the same on every row). */
  viewerPosted: boolean;
}

/** How `viewerId` stands with each of the posts `ids`, with the posts' counts as they are now. */
export async function listViewerRelations(
  db: Db,
  viewerId: string,
  ids: readonly string[],
  options: { excludeMutedCommunities: boolean; postedSince: Date },
): Promise<ViewerRelation[]> {
  return db<ViewerRelation[]>`
    select p.id, p.upvotes, p.downvotes, p.no_comments,
      ${viewerColumns(db)},
      (p.deleted_at is not null or h.post_id is not null
        or p.user_id in (select muted_user_id from user_mutes where user_id = ${viewerId})
        ${options.excludeMutedCommunities
          ? db`or p.community_id in (select community_id from community_mutes where user_id = ${viewerId})`
          : db``}) as left_out,
      exists (select 1 from posts mine
              where mine.user_id = ${viewerId} and mine.deleted_at is null and mine.created_at > ${options.postedSince}) as viewer_posted
    from posts p
    ${viewerJoins(db, viewerId)}
    where p.id = any(${ids}::uuid[])`;
}

/** How `viewerId` stands with a post and its community, for a post page made from the visitors' one. */
export interface PostPageRelation extends PostViewerRow {
  lastActivityAt: Date;
  communityNoMembers: number;
  userJoined: boolean;
  userMod: boolean;
  isMuted: boolean;
  /** The viewer's votes on the comments of the post. */
  commentVotes: CommentVote[];
  /** The users the viewer muted. */
  mutedUserIds: string[];
  /** The viewer has comments on the post waiting for approval, which only they see. */
  hasHeldComments: boolean;
}

/**
 * Post `postId` as `viewerId` stands with it, its community and its comments (their votes on any
 * of them, and the users they muted), with the counts as they are now.
 */
export async function getPostPageRelation(db: Db, viewerId: string, postId: string): Promise<PostPageRelation | undefined> {
  const [row] = await db<PostPageRelation[]>`
    select p.upvotes, p.downvotes, p.no_comments, p.last_activity_at,
      ${viewerColumns(db)},
      c.no_members as community_no_members,
      ${communityViewerColumns(db, viewerId)},
      ${viewerPostCommentVotes(db, viewerId)} as comment_votes,
      array(select m.muted_user_id from user_mutes m where m.user_id = ${viewerId}) as muted_user_ids,
      exists (select 1 from comments hc where hc.post_id = p.id and hc.user_id = ${viewerId} and hc.held_at is not null) as has_held_comments
    from posts p
    join communities c on c.id = p.community_id
    ${viewerJoins(db, viewerId)}
    where p.id = ${postId}`;
  return row;
}

export async function getPostByPublicId(db: Db, publicId: string, viewerId: string | null): Promise<PostRow | undefined> {
  const [row] = await db<PostRow[]>`${selectPosts(db, viewerId)} where p.public_id = ${publicId}`;
  return row;
}

export async function getPostById(db: Db, id: string, viewerId: string | null): Promise<PostRow | undefined> {
  const [row] = await db<PostRow[]>`${selectPosts(db, viewerId)} where p.id = ${id}`;
  return row;
}

/** Posts by id, in no particular order; ids of no post are left out. */
export async function getPostsByIds(db: Db, ids: readonly string[], viewerId: string | null): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  return db<PostRow[]>`${selectPosts(db, viewerId)} where p.id = any(${ids}::uuid[])`;
}

export async function postExists(db: Db, id: string): Promise<boolean> {
  const rows = await db`select 1 from posts where id = ${id}`;
  return rows.length > 0;
}

/** What commenting on a post checks: where it is, who wrote it and whether it is locked, deleted or held. */
export interface PostState {
  id: string;
  publicId: string;
  title: string;
  userId: string;
  communityId: string;
  communityName: string;
  locked: boolean;
  deleted: boolean;
  held: boolean;
}

/** The state of the post named by its public id, or by its id when `byId`. */
export async function getPostState(db: Db, name: string, byId = false): Promise<PostState | undefined> {
  const [row] = await db<PostState[]>`
    select p.id, p.public_id, p.title, p.user_id, p.community_id, c.name as community_name, p.locked_at is not null as locked,
      p.deleted_at is not null as deleted, p.held_at is not null as held
    from posts p join communities c on c.id = p.community_id
    where ${byId ? db`p.id = ${name}` : db`p.public_id = ${name}`}`;
  return row;
}

export type FeedScope =
  | { kind: 'all' }
  | { kind: 'community'; communityId: string }
  /** The communities a user joined. */
  | { kind: 'joined'; userId: string }
  /** The site's default communities (everything when there are none). */
  | { kind: 'default' }
  /** The communities a user moderates. */
  | { kind: 'moderating'; userId: string }
  /** The communities named. */
  | { kind: 'communities'; communityIds: readonly string[] };

export interface FeedOptions {
  scope: FeedScope;
  sort: FeedSort;
  viewerId: string | null;
  limit: number;
  after?: { value: number | string | null; id: string };
  /** Leave out pinned posts (they are shown on top of the first page instead). */
  excludePinned?: 'site' | 'community';
  /** Leave out communities the viewer muted (the All feed). */
  excludeMutedCommunities?: boolean;
  /**
   * Put the scope's pinned posts (site-wide ones, or the community's) before the page, latest
   * pinned first; they are found by the scope's pin column, which `excludePinned` keeps out of
   * the page itself.
   */
  withPinned?: boolean;
  /**
   * Page each community of a scope over several apart: up to `limit` + 1 rows of every one of
   * them, rather than of them all, ordered as a page is within each community.
   */
  eachCommunity?: boolean;
}

const PERIOD_DAYS: Partial<Record<FeedSort, number>> = { day: 1, week: 7, month: 30, year: 365 };

/** The column a sort orders by, besides the id that breaks ties. */
export function sortValue(sort: FeedSort, row: PostRow): number | string | null {
  switch (sort) {
    case 'hot':
      return row.hotness;
    case 'activity':
      // Microseconds, exactly as stored: a rounded time could skip rows on the next page.
      return row.activityUs;
    case 'latest':
      return null;
    default:
      return row.points;
  }
}

/** The column each sort orders by (before the id that breaks ties), on posts as `p`. */
function sortKey(db: Db, sort: FeedSort) {
  switch (sort) {
    case 'hot':
      return db`p.hotness`;
    case 'activity':
      return db`p.last_activity_at`;
    case 'latest':
      return db`p.id`;
    default:
      return db`p.points`;
  }
}

/** Rows after the cursor, in the order of `sortKey`. */
function afterCursor(db: Db, query: FeedOptions) {
  const after = query.after;
  if (!after) return db``;
  switch (query.sort) {
    case 'hot':
      return db`and (p.hotness, p.id) < (${Number(after.value)}, ${after.id})`;
    case 'activity':
      return db`and (p.last_activity_at, p.id) < (${fromEpochMicros(db, Number(after.value))}, ${after.id})`;
    case 'latest':
      return db`and p.id < ${after.id}`;
    default:
      return db`and (p.points, p.id) < (${Number(after.value)}, ${after.id})`;
  }
}

/**
 * A page size as a literal: it is validated, and a literal lets Postgres keep one plan for the
 * statement instead of planning it anew for every request.
 */
function literalLimit(db: Db, rows: number) {
  if (!Number.isInteger(rows) || rows < 1 || rows > 1000) throw new Error(`invalid page size ${rows}`);
  return db.unsafe(String(rows));
}

/** The communities a scope reads from one by one, or null for scopes read from the global indexes. */
function communitySet(db: Db, scope: FeedScope) {
  switch (scope.kind) {
    case 'joined':
      return db`select community_id from community_members where user_id = ${scope.userId}`;
    case 'moderating':
      return db`select community_id from community_mods where user_id = ${scope.userId}`;
    case 'communities':
      return db`select unnest(${scope.communityIds}::uuid[])`;
    default:
      return null;
  }
}

function scopeFilter(db: Db, scope: FeedScope) {
  switch (scope.kind) {
    case 'community':
      return db`and p.community_id = ${scope.communityId}`;
    case 'default':
      return db`and (p.community_id in (select community_id from default_communities)
        or not exists (select 1 from default_communities))`;
    default:
      return db``;
  }
}

/** What every feed leaves out, on posts as `p`; the scope and the cursor are added apart. */
function feedFilters(db: Db, query: FeedOptions) {
  const days = PERIOD_DAYS[query.sort];
  const viewer = query.viewerId;
  return db`
    p.deleted_at is null and p.held_at is null
    ${days ? db`and p.created_at > now() - make_interval(days => ${days})` : db``}
    ${query.excludePinned === 'site' ? db`and p.pinned_site_at is null` : db``}
    ${query.excludePinned === 'community' ? db`and p.pinned_at is null` : db``}
    ${viewer ? db`and not exists (select 1 from hidden_posts h where h.user_id = ${viewer} and h.post_id = p.id)
      and p.user_id not in (select muted_user_id from user_mutes where user_id = ${viewer})` : db``}
    ${viewer && query.excludeMutedCommunities
      ? db`and p.community_id not in (select community_id from community_mutes where user_id = ${viewer})`
      : db``}
    ${afterCursor(db, query)}`;
}

/**
 * The ids of a feed page. A feed over a set of communities (the ones a user joined or moderates)
 * takes the first rows of each community from its own index and merges them, so its cost follows
 * the number of communities, not the size of the site; a timed top sort reads the period's posts
 * from the creation-time index. Either way only posts are sorted, before anything is joined.
 */
function feedPageIds(db: Db, query: FeedOptions) {
  const key = sortKey(db, query.sort);
  const rows = literalLimit(db, query.limit + 1);
  const communities = communitySet(db, query.scope);
  if (communities && (query.eachCommunity || !PERIOD_DAYS[query.sort])) {
    return db`
      select x.id, x.key from communities c
      cross join lateral (
        select p.id, ${key} as key from posts p
        where p.community_id = c.id and ${feedFilters(db, query)}
        order by ${key} desc, p.id desc
        limit ${rows}
      ) x
      where c.id in (${communities}) and c.deleted_at is null
      ${query.eachCommunity ? db`` : db`order by x.key desc, x.id desc limit ${rows}`}`;
  }
  return db`
    select p.id, ${key} as key from posts p
    join communities c on c.id = p.community_id and c.deleted_at is null
    where ${feedFilters(db, query)}
      ${communities ? db`and p.community_id in (${communities})` : scopeFilter(db, query.scope)}
    order by ${key} desc, p.id desc
    limit ${rows}`;
}

/** The ids of the pinned posts shown on top of a scope's first page, with the time they were pinned. */
function pinnedIds(db: Db, query: FeedOptions) {
  const pinned = query.excludePinned === 'community' ? db`p.pinned_at` : db`p.pinned_site_at`;
  const scope = query.scope.kind === 'community' ? db`and p.community_id = ${query.scope.communityId}` : db``;
  return db`
    select p.id, ${pinned} as pinned, null as key from posts p
    where p.deleted_at is null and p.held_at is null and ${pinned} is not null ${scope}
      ${query.viewerId ? db`and p.user_id not in (select muted_user_id from user_mutes where user_id = ${query.viewerId})` : db``}`;
}

/**
 * One page of a feed (limit + 1 rows, so that the caller knows whether there is more), after the
 * pinned posts when asked for, in one statement.
 */
export async function listFeed(db: Db, query: FeedOptions): Promise<PostRow[]> {
  return db<PostRow[]>`
    with page as materialized (
      ${query.withPinned ? db`${pinnedIds(db, query)} union all` : db``}
      select f.id, null::timestamptz as pinned, f.key from (${feedPageIds(db, query)}) f
    )
    ${selectPosts(db, query.viewerId)}
    join page on page.id = p.id
    order by page.pinned desc nulls last, page.key desc, page.id desc`;
}

/** The posts pinned site-wide, as a visitor sees them, in the order they lead the hot feeds (latest pinned first). */
export async function listSitePinned(db: Db): Promise<PostRow[]> {
  return db<PostRow[]>`
    ${selectPosts(db, null)}
    where p.deleted_at is null and p.held_at is null and p.pinned_site_at is not null
    order by p.pinned_site_at desc, p.id desc`;
}

export interface ModeratedListOptions {
  communityId: string;
  filter: 'deleted' | 'locked';
  viewerId: string;
  limit: number;
  offset: number;
}

/** A page of a community's deleted or locked posts, the latest deleted or locked first. */
export async function listModeratedPosts(db: Db, query: ModeratedListOptions): Promise<PostRow[]> {
  const deleted = query.filter === 'deleted';
  return db<PostRow[]>`
    ${selectPosts(db, query.viewerId)}
    where p.community_id = ${query.communityId} and ${deleted ? db`p.deleted_at is not null` : db`p.locked_at is not null`}
    order by ${deleted ? db`p.deleted_at` : db`p.locked_at`} desc, p.id desc
    limit ${query.limit} offset ${query.offset}`;
}

/** How many posts of a community are deleted, or locked. */
export async function countModeratedPosts(db: Db, communityId: string, filter: 'deleted' | 'locked'): Promise<number> {
  const [row] = await db<{ count: number }[]>`
    select count(*)::int as count from posts p
    where p.community_id = ${communityId} and ${filter === 'deleted' ? db`p.deleted_at is not null` : db`p.locked_at is not null`}`;
  return row?.count ?? 0;
}
