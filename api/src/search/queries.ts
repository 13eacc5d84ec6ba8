// Search, ids first: each query finds one page of matching ids with the value they are sorted by,
// and the entities are read afterwards through their own queries and presenters.
import type { SearchSort } from '@quorum/shared/types';
import type { PendingQuery, Row } from 'postgres';
import type { Db } from '../db/connect.ts';
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

function sortValue(db: Db, search: ContentSearch, vector: Fragment, table: string) {
  const t = db(table);
  if (search.sort === 'new') return epochMicros(db, db`${t}.created_at`);
  if (search.sort === 'top') return db`(${t}.upvotes - ${t}.downvotes)::bigint`;
  // Without words there is nothing to rank by: the newest come first.
  if (search.text === '') return epochMicros(db, db`${t}.created_at`);
  return db`(ts_rank_cd(${vector}, websearch_to_tsquery('english', ${search.text})) * ${RANK_SCALE})::bigint`;
}

function keysetAfter(db: Db, value: Fragment, id: Fragment, after: Cursor | undefined) {
  return after ? db`and (${value}, ${id}) < (${after.value as number}::bigint, ${after.id}::uuid)` : db``;
}

/** Posts matching the words, not deleted, not in deleted communities, nor by users or in communities the viewer muted, nor hidden by them. */
export async function searchPosts(db: Db, search: ContentSearch): Promise<PostHit[]> {
  const value = sortValue(db, search, db`s.vector`, 'p');
  const viewer = search.viewerId;
  const query = db`websearch_to_tsquery('english', ${search.text})`;
  return db<PostHit[]>`
    with page as (
      select p.id, ${value} as sort_value
      from posts p
      join communities c on c.id = p.community_id
      ${search.text === '' ? db`` : db`join post_search s on s.post_id = p.id and s.vector @@ ${query}`}
      where p.deleted_at is null and c.deleted_at is null
        ${search.communityId ? db`and p.community_id = ${search.communityId}` : db``}
        ${search.authorId ? db`and p.user_id = ${search.authorId}` : db``}
        ${viewer
          ? db`and p.user_id not in (select muted_user_id from user_mutes where user_id = ${viewer})
            and p.community_id not in (select community_id from community_mutes where user_id = ${viewer})
            and p.id not in (select post_id from hidden_posts where user_id = ${viewer})`
          : db``}
        ${keysetAfter(db, value, db`p.id`, search.after)}
      order by sort_value desc, p.id desc
      limit ${search.limit + 1}
    )
    select page.id, page.sort_value::float8 as sort_value,
      ts_headline('english', ${unmarked(db, db`p.title`)}, ${query}, ${HEADLINE_TITLE}) as title_highlight,
      case when p.body is null or p.body = '' then null
        else ts_headline('english', ${unmarked(db, db`p.body`)}, ${query}, ${HEADLINE_BODY}) end as body_highlight
    from page join posts p on p.id = page.id
    order by page.sort_value desc, page.id desc`;
}

/** Comments matching the words, not deleted, under posts that are not, with the same exclusions as posts. */
export async function searchComments(db: Db, search: ContentSearch): Promise<CommentHit[]> {
  const value = sortValue(db, search, db`s.vector`, 'cm');
  const viewer = search.viewerId;
  const query = db`websearch_to_tsquery('english', ${search.text})`;
  return db<CommentHit[]>`
    with page as (
      select cm.id, ${value} as sort_value
      from comments cm
      join posts p on p.id = cm.post_id
      join communities c on c.id = cm.community_id
      ${search.text === '' ? db`` : db`join comment_search s on s.comment_id = cm.id and s.vector @@ ${query}`}
      where cm.deleted_at is null and p.deleted_at is null and c.deleted_at is null
        ${search.communityId ? db`and cm.community_id = ${search.communityId}` : db``}
        ${search.authorId ? db`and cm.user_id = ${search.authorId}` : db``}
        ${viewer
          ? db`and cm.user_id not in (select muted_user_id from user_mutes where user_id = ${viewer})
            and cm.community_id not in (select community_id from community_mutes where user_id = ${viewer})`
          : db``}
        ${keysetAfter(db, value, db`cm.id`, search.after)}
      order by sort_value desc, cm.id desc
      limit ${search.limit + 1}
    )
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

/** Escapes LIKE's wildcards, so that a name's underscore matches only itself. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
