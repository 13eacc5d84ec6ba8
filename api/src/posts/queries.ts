import type { FeedSort, PostType, UserGroup } from '@quorum/shared/types';
import { viewerCommentVotes, type CommentVote } from '../comments/queries.ts';
import { communityViewerColumns } from '../communities/queries.ts';
import type { Db } from '../db/connect.ts';
import { epochMicros, fromEpochMicros } from '../db/micros.ts';
import { attachImages, imageJson, imageObject } from '../images/queries.ts';
import { hotness } from './hotness.ts';
import type { PostRow, PostViewerRow } from './present.ts';

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
      p.pinned_at, p.pinned_site_at, p.upvotes, p.downvotes, p.hotness, p.points, p.no_comments,
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
            where cm.post_id = p.id and cm.created_at > pv.last_visited_at and cm.user_id <> pv.user_id)
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
  /** The viewer's votes on the comments asked about. */
  commentVotes: CommentVote[];
  /** The users the viewer muted. */
  mutedUserIds: string[];
}

/**
 * Post `postId` as `viewerId` stands with it, its community and its comments `commentIds` (their
 * votes, and the users they muted), with the counts as they are now.
 */
export async function getPostPageRelation(db: Db, viewerId: string, postId: string, commentIds: readonly string[]): Promise<PostPageRelation | undefined> {
  const [row] = await db<PostPageRelation[]>`
    select p.upvotes, p.downvotes, p.no_comments, p.last_activity_at,
      ${viewerColumns(db)},
      c.no_members as community_no_members,
      ${communityViewerColumns(db, viewerId)},
      ${viewerCommentVotes(db, viewerId, commentIds)} as comment_votes,
      array(select m.muted_user_id from user_mutes m where m.user_id = ${viewerId}) as muted_user_ids
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

/** What commenting on a post checks: where it is and whether it is locked or deleted. */
export interface PostState {
  id: string;
  communityId: string;
  communityName: string;
  locked: boolean;
  deleted: boolean;
}

/** The state of the post named by its public id, or by its id when `byId`. */
export async function getPostState(db: Db, name: string, byId = false): Promise<PostState | undefined> {
  const [row] = await db<PostState[]>`
    select p.id, p.community_id, c.name as community_name, p.locked_at is not null as locked, p.deleted_at is not null as deleted
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
  | { kind: 'moderating'; userId: string };

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
    p.deleted_at is null
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
  if (communities && !PERIOD_DAYS[query.sort]) {
    return db`
      select x.id, x.key from communities c
      cross join lateral (
        select p.id, ${key} as key from posts p
        where p.community_id = c.id and ${feedFilters(db, query)}
        order by ${key} desc, p.id desc
        limit ${rows}
      ) x
      where c.id in (${communities}) and c.deleted_at is null
      order by x.key desc, x.id desc
      limit ${rows}`;
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
    where p.deleted_at is null and ${pinned} is not null ${scope}
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
    where p.deleted_at is null and p.pinned_site_at is not null
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

export interface NewPost {
  publicId: string;
  type: PostType;
  title: string;
  body: string | null;
  userId: string;
  userGroup: UserGroup;
  communityId: string;
  linkUrl: string | null;
  linkHostname: string | null;
  createdAt: Date;
}

/** Inserts a post with its author's own upvote (so it starts with one), and counts it for the author and the community. */
export async function insertPost(db: Db, post: NewPost): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into posts (public_id, type, title, body, user_id, user_group, community_id, link_url, link_hostname,
                       upvotes, points, hotness, created_at, last_activity_at)
    values (${post.publicId}, ${post.type}, ${post.title}, ${post.body}, ${post.userId}, ${post.userGroup},
            ${post.communityId}, ${post.linkUrl}, ${post.linkHostname}, 1, 1,
            ${hotness(1, post.createdAt)}, ${post.createdAt}, ${post.createdAt})
    returning id`;
  if (!row) throw new Error('insert into posts returned nothing');
  await db`
    with vote as (insert into post_votes (post_id, user_id, up, counted) values (${row.id}, ${post.userId}, true, false)),
      community as (update communities set no_posts = no_posts + 1 where id = ${post.communityId})
    update users set no_posts = no_posts + 1 where id = ${post.userId}`;
  return row.id;
}

/**
 * Attaches fresh uploads of `userId` to a post, in the given order. Returns the alt texts of the
 * images attached: fewer than asked means some were not the user's own unattached uploads.
 */
export async function attachPostImages(
  db: Db,
  postId: string,
  userId: string,
  images: Array<{ imageId: string; caption: string | null }>,
): Promise<Array<{ id: string; altText: string | null }>> {
  if (images.length === 0) return [];
  const ids = images.map((image) => image.imageId);
  const attached = await db<{ id: string; altText: string | null }[]>`
    update images set attached_at = now()
    where id = any(${ids}::uuid[]) and uploaded_by = ${userId} and attached_at is null and deleted_at is null
    returning id, alt_text`;
  if (attached.length !== images.length) return attached;
  await db`
    insert into post_images (post_id, image_id, z_index, caption)
    select ${postId}, x.id, x.ord - 1, x.caption
    from unnest(${ids}::uuid[], ${images.map((image) => image.caption)}::text[]) with ordinality as x(id, caption, ord)`;
  return attached;
}

export async function publicIdExists(db: Db, publicId: string): Promise<boolean> {
  const rows = await db`select 1 from posts where public_id = ${publicId}`;
  return rows.length > 0;
}

export async function recordVisit(db: Db, postId: string, userId: string): Promise<void> {
  await db`
    insert into post_visits (post_id, user_id) values (${postId}, ${userId})
    on conflict (user_id, post_id) do update set last_visited_at = now()`;
}

export async function updatePostContent(
  db: Db,
  postId: string,
  changes: { title?: string; body?: string | null; userGroup?: UserGroup },
): Promise<void> {
  await db`
    update posts set
      title = coalesce(${changes.title ?? null}, title),
      body = ${changes.body === undefined ? db`body` : db`${changes.body}`},
      user_group = coalesce(${changes.userGroup ?? null}, user_group),
      edited_at = ${changes.title !== undefined || changes.body !== undefined ? db`now()` : db`edited_at`}
    where id = ${postId}`;
}

export async function setLocked(db: Db, postId: string, lock: { by: string; as: UserGroup } | null): Promise<void> {
  await db`
    update posts set locked_at = ${lock ? db`now()` : null}, locked_by = ${lock?.by ?? null}, locked_by_group = ${lock?.as ?? null}
    where id = ${postId}`;
}

export async function deletePost(
  db: Db,
  post: { id: string; userId: string; alreadyDeleted: boolean },
  by: { userId: string; as: UserGroup },
  purgeContent: boolean,
): Promise<void> {
  if (!post.alreadyDeleted) {
    await db`
      with p as (update posts set deleted_at = now(), deleted_by = ${by.userId}, deleted_as = ${by.as},
                   pinned_at = null, pinned_site_at = null where id = ${post.id})
      update users set no_posts = greatest(no_posts - 1, 0) where id = ${post.userId}`;
  }
  if (purgeContent) {
    await db`
      update posts set deleted_content_at = now(), deleted_content_by = ${by.userId}, deleted_content_as = ${by.as},
        body = null, link_image_id = null
      where id = ${post.id} and deleted_content_at is null`;
    await db`update images set deleted_at = now() where id in (select image_id from post_images where post_id = ${post.id})`;
  }
}

/** Pins or unpins; pinning fails (false) when the scope already has `max` pinned posts. */
export async function setPinned(
  tx: Db,
  post: { id: string; communityId: string },
  siteWide: boolean,
  pin: boolean,
  max: number,
): Promise<boolean> {
  if (!pin) {
    await tx`update posts set ${siteWide ? tx`pinned_site_at` : tx`pinned_at`} = null where id = ${post.id}`;
    return true;
  }
  // Serialises pinning within one scope, so two pins at once cannot both take the last place.
  await tx`select pg_advisory_xact_lock(727003, hashtext(${siteWide ? 'site' : post.communityId}))`;
  const [count] = await tx<{ n: number }[]>`
    select count(*)::int as n from posts
    where ${siteWide ? tx`pinned_site_at is not null` : tx`pinned_at is not null and community_id = ${post.communityId}`}
      and id <> ${post.id}`;
  if ((count?.n ?? 0) >= max) return false;
  await tx`
    update posts set ${siteWide ? tx`pinned_site_at` : tx`pinned_at`} = coalesce(${siteWide ? tx`pinned_site_at` : tx`pinned_at`}, now())
    where id = ${post.id}`;
  return true;
}

export async function markAnnounced(db: Db, postId: string, by: string): Promise<boolean> {
  const rows = await db`update posts set announced_at = now(), announced_by = ${by} where id = ${postId} and announced_at is null returning id`;
  return rows.length > 0;
}

export async function hidePost(db: Db, userId: string, postId: string): Promise<void> {
  await db`insert into hidden_posts (user_id, post_id) values (${userId}, ${postId}) on conflict do nothing`;
}

export async function unhidePost(db: Db, userId: string, postId: string): Promise<void> {
  await db`delete from hidden_posts where user_id = ${userId} and post_id = ${postId}`;
}

/** Attaches a fetched link thumbnail (a fresh upload of the poster) to a link post. */
export async function setLinkImage(tx: Db, postId: string, imageId: string, userId: string): Promise<void> {
  const attached = await attachImages(tx, [imageId], userId);
  if (attached === 1) await tx`update posts set link_image_id = ${imageId} where id = ${postId} and deleted_content_at is null`;
}
