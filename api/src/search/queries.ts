// Search, ids first: each query finds one page of matching ids with the value they are sorted by,
// and the entities are read afterwards through their own queries and presenters.
import type { SearchSort } from '@quorum/shared/entities/search';
import type { PendingQuery, Row } from 'postgres';
import type { Db } from '../db/connect.ts';
import { likePrefix } from '../db/like.ts';
import { epochMicros } from '../db/micros.ts';
import type { Cursor } from '../http/cursor.ts';

/** Matched words are wrapped in these by ts_headline, and turned into <mark> after escaping. */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';
const HEADLINE_TITLE = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
const HEADLINE_BODY = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;

/** Rank scaled to an integer, so that it can stand in a cursor and be compared exactly. */
const RANK_SCALE = 1_000_000_000;
/** Puts an exact name match above every prefix match in the name searches' single sort value. */
const EXACT_BONUS = 1_000_000_000_000;

type Fragment = PendingQuery<Row[]>;

export interface ContentSearch {
  /** Words for websearch_to_tsquery; empty when only modifiers were given. */
  text: string;
  sort: SearchSort;
  communityId: string | null;
  authorId: string | null;
  viewerId: string | null;
  limit: number;
  after: Cursor | undefined;
}

export type Hit = {
  id: string;
  sortValue: number;
};

export type PostHit = Hit & {
  titleHighlight: string;
  bodyHighlight: string | null;
};

export type CommentHit = Hit & {
  bodyHighlight: string;
};

/** Text without the characters the highlights are marked with. */
function unmarked(db: Db, column: Fragment) {
  return db`translate(${column}, ${MARK_START + MARK_END}, '')`;
}

/**
 * A search by relevance ranks only this many matches, the newest: ranking reads each match's
 * words, and a common word matches a large share of all posts.
 */
export const RANK_CANDIDATES = 1000;

/** Whether the search ranks its matches (only then are they bounded to RANK_CANDIDATES). */
const ranks = (search: ContentSearch) => search.sort === 'relevance' && search.text !== '';

/** The value results are sorted by, over the matches `m` (which carry `vector` when the search ranks). */
function sortValue(db: Db, search: ContentSearch, query: Fragment) {
  if (search.sort === 'top') return db`(m.upvotes - m.downvotes)::bigint`;
  // Without words there is nothing to rank by: the newest come first.
  if (!ranks(search)) return epochMicros(db, db`m.created_at`);
  return db`(ts_rank_cd(m.vector, ${query}) * ${RANK_SCALE})::bigint`;
}

/**
 * The words' condition on a search table's `vector`. A query that no index can serve (only
 * excluded words once stop words are dropped, `-a -b`) would read every row: it matches nothing.
 */
function matching(db: Db, query: Fragment) {
  return db`s.vector @@ ${query} and querytree(${query}) <> 'T'`;
}

/** The page of the matches `m` after the cursor, by `value`: one more than the page holds. */
function pageOfMatches(db: Db, search: ContentSearch, value: Fragment) {
  return db`
    select m.id, ${value} as sort_value
    from m
    where true ${keysetAfter(db, value, db`m.id`, search.after)}
    order by sort_value desc, m.id desc
    limit ${search.limit + 1}`;
}

/** Keeps the newest RANK_CANDIDATES matches when the search ranks them. */
function candidates(db: Db, search: ContentSearch, id: Fragment) {
  return ranks(search) ? db`order by ${id} desc limit ${RANK_CANDIDATES}` : db``;
}

function keysetAfter(db: Db, value: Fragment, id: Fragment, after: Cursor | undefined) {
  return after ? db`and (${value}, ${id}) < (${after.value as number}::bigint, ${after.id}::uuid)` : db``;
}

/** Posts matching the words, not deleted, not in deleted communities, nor by users or in communities the viewer muted, nor hidden by them. */
export async function searchPosts(db: Db, search: ContentSearch): Promise<PostHit[]> {
  const viewer = search.viewerId;
  const query = db`websearch_to_tsquery('english', ${search.text})`;
  const value = sortValue(db, search, query);
  return db<PostHit[]>`
    with m as (
      select p.id, p.created_at, p.upvotes, p.downvotes ${ranks(search) ? db`, s.vector` : db``}
      from posts p
      join communities c on c.id = p.community_id
      ${search.text === '' ? db`` : db`join post_search s on s.post_id = p.id and ${matching(db, query)}`}
      where p.deleted_at is null and p.held_at is null and c.deleted_at is null
        ${search.communityId ? db`and p.community_id = ${search.communityId}` : db``}
        ${search.authorId ? db`and p.user_id = ${search.authorId}` : db``}
        ${viewer
          ? db`and p.user_id not in (select muted_user_id from user_mutes where user_id = ${viewer})
            and p.community_id not in (select community_id from community_mutes where user_id = ${viewer})
            and p.id not in (select post_id from hidden_posts where user_id = ${viewer})`
          : db``}
      ${candidates(db, search, db`p.id`)}
    ), page as (${pageOfMatches(db, search, value)})
    select page.id, page.sort_value::float8 as sort_value,
      ts_headline('english', ${unmarked(db, db`p.title`)}, ${query}, ${HEADLINE_TITLE}) as title_highlight,
      case when p.body is null or p.body = '' then null
        else ts_headline('english', ${unmarked(db, db`p.body`)}, ${query}, ${HEADLINE_BODY}) end as body_highlight
    from page join posts p on p.id = page.id
    order by page.sort_value desc, page.id desc`;
}

/** Comments matching the words, not deleted, under posts that are not, with the same exclusions as posts. */
export async function searchComments(db: Db, search: ContentSearch): Promise<CommentHit[]> {
  const viewer = search.viewerId;
  const query = db`websearch_to_tsquery('english', ${search.text})`;
  const value = sortValue(db, search, query);
  return db<CommentHit[]>`
    with m as (
      select cm.id, cm.created_at, cm.upvotes, cm.downvotes ${ranks(search) ? db`, s.vector` : db``}
      from comments cm
      join posts p on p.id = cm.post_id
      join communities c on c.id = cm.community_id
      ${search.text === '' ? db`` : db`join comment_search s on s.comment_id = cm.id and ${matching(db, query)}`}
      where cm.deleted_at is null and cm.held_at is null and p.deleted_at is null and p.held_at is null and c.deleted_at is null
        ${search.communityId ? db`and cm.community_id = ${search.communityId}` : db``}
        ${search.authorId ? db`and cm.user_id = ${search.authorId}` : db``}
        ${viewer
          ? db`and cm.user_id not in (select muted_user_id from user_mutes where user_id = ${viewer})
            and cm.community_id not in (select community_id from community_mutes where user_id = ${viewer})`
          : db``}
      ${candidates(db, search, db`cm.id`)}
    ), page as (${pageOfMatches(db, search, value)})
    select page.id, page.sort_value::float8 as sort_value,
      ts_headline('english', ${unmarked(db, db`cm.body`)}, ${query}, ${HEADLINE_BODY}) as body_highlight
    from page join comments cm on cm.id = page.id
    order by page.sort_value desc, page.id desc`;
}

export interface NameSearch {
  /** Lower case, the start of the name. */
  prefix: string;
  viewerId: string | null;
  limit: number;
  after: Cursor | undefined;
}

/** Communities whose name starts with the prefix: an exact match first, then the largest. */
export async function searchCommunityNames(db: Db, search: NameSearch): Promise<Hit[]> {
  const value = db`(case when lower(c.name) = ${search.prefix} then ${EXACT_BONUS}::bigint else 0 end + c.no_members)::bigint`;
  return db<Hit[]>`
    select c.id, ${value}::float8 as sort_value
    from communities c
    where c.deleted_at is null and lower(c.name) like ${likePrefix(search.prefix)}
      ${search.viewerId ? db`and c.id not in (select community_id from community_mutes where user_id = ${search.viewerId})` : db``}
      ${keysetAfter(db, value, db`c.id`, search.after)}
    order by ${value} desc, c.id desc
    limit ${search.limit + 1}`;
}

/** Users whose name starts with the prefix, neither deleted nor suspended: an exact match first, then by points. */
export async function searchUserNames(db: Db, search: NameSearch): Promise<Hit[]> {
  const value = db`(case when lower(u.username) = ${search.prefix} then ${EXACT_BONUS}::bigint else 0 end + greatest(u.points, 0))::bigint`;
  return db<Hit[]>`
    select u.id, ${value}::float8 as sort_value
    from users u
    where u.deleted_at is null and u.banned_at is null and lower(u.username) like ${likePrefix(search.prefix)}
      ${search.viewerId ? db`and u.id not in (select muted_user_id from user_mutes where user_id = ${search.viewerId})` : db``}
      ${keysetAfter(db, value, db`u.id`, search.after)}
    order by ${value} desc, u.id desc
    limit ${search.limit + 1}`;
}

/** The id of a living community by name (any case). */
export async function findCommunityId(db: Db, name: string): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`select id from communities where lower(name) = ${name.toLowerCase()} and deleted_at is null`;
  return row?.id ?? null;
}

/** The id of a user by name (any case) whose content the site shows. */
export async function findAuthorId(db: Db, username: string): Promise<string | null> {
  const [row] = await db<{ id: string }[]>`select id from users where lower(username) = ${username.toLowerCase()} and deleted_at is null`;
  return row?.id ?? null;
}
