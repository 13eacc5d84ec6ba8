// Search, ids first: each query finds one page of matching ids with the value they are sorted by
// (and the highlights of the matched words), and the entities are read afterwards through their
// own queries and presenters. Words are found in the words tables, one row per post or comment
// with what a search filters by, split by month (migrations/0034_search_by_month.sql).
import type { SearchSort } from '@quorum/shared/entities/search';
import type { PendingQuery, Row } from 'postgres';
import type { Db } from '../db/connect.ts';
import { likePrefix } from '../db/like.ts';
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

function keysetAfter(db: Db, value: Fragment, id: Fragment, after: Cursor | undefined) {
  return after ? db`and (${value}, ${id}) < (${after.value as number}::bigint, ${after.id}::uuid)` : db``;
}

/** The id of the first moment of `ms` (ids are UUID version 7, which begin with their time in milliseconds). */
function idAt(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/** The time an id was made, in milliseconds (see idAt). */
function timeOfId(id: string): number {
  return Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}

/** The first moment of the month `monthsBack` months before the month of `ms`, in UTC. */
function monthStart(ms: number, monthsBack: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1);
}

/** A second range that would go back further than this many months reads all the older ones at once. */
const RANGE_MONTHS_MAX = 12;

/** Ids from `lo` (included) to `hi` (left out); null is no bound. */
interface IdRange {
  lo: string | null;
  hi: string | null;
}

/** What one range of months gave: how many matches it held (at most the number asked for) and its rows. */
interface RangeResult<T> {
  found: number;
  rows: T[];
}

/**
 * Reads matches newest first, a range of months at a time, until `wanted` are found or every
 * month was read: the words' tables are split by month (migrations/0034), so a range reads only
 * its months' indexes. The first range is the month of `from` and the one before; the second
 * goes back as far as the first's rate of matches says the rest will take (all the way, past
 * RANGE_MONTHS_MAX); the third is all that is older. A common word is done after the first; a
 * rare one reads every month's index, which holds few of its matches. Answers every range's rows,
 * newest range first.
 */
async function readMonthsBack<T>(from: number, hi: string | null, wanted: number, read: (range: IdRange, wanted: number) => Promise<RangeResult<T>>): Promise<T[]> {
  const rows: T[] = [];
  let found = 0;
  let monthsBack = 1;
  let range: IdRange = { lo: idAt(monthStart(from, monthsBack)), hi };
  for (let step = 1; ; step++) {
    const result = await read(range, wanted - found);
    rows.push(...result.rows);
    found += result.found;
    if (found >= wanted || range.lo === null) return rows;
    const perMonth = found / (monthsBack + 1);
    const more = perMonth > 0 && step === 1 ? Math.ceil((1.5 * (wanted - found)) / perMonth) : Infinity;
    const lo: string | null = more <= RANGE_MONTHS_MAX ? idAt(monthStart(from, monthsBack + more)) : null;
    monthsBack += more;
    range = { lo, hi: range.lo };
  }
}

/** The range's bounds on a words table's ids `id`. */
function inRange(db: Db, id: Fragment, range: IdRange) {
  return db`${range.lo ? db`and ${id} >= ${range.lo}::uuid` : db``} ${range.hi ? db`and ${id} < ${range.hi}::uuid` : db``}`;
}

/** What every search of a words table `s` leaves out: what is not shown, what deleted communities hold, what the viewer muted. */
function shownTo(db: Db, search: ContentSearch) {
  const viewer = search.viewerId;
  return db`s.shown and s.community_id not in (select id from communities where deleted_at is not null)
    ${viewer
      ? db`and s.user_id not in (select muted_user_id from user_mutes where user_id = ${viewer})
        and s.community_id not in (select community_id from community_mutes where user_id = ${viewer})`
      : db``}`;
}

/**
 * The words' condition on a words table `s`. A query that no index can serve (only excluded
 * words once stop words are dropped, `-a -b`) would read every row: it matches nothing.
 */
function matching(db: Db, query: Fragment) {
  return db`s.vector @@ ${query} and querytree(${query}) <> 'T'`;
}

/** How a kind of content is searched: its words table, that table's id, and the content's own table. */
interface SearchedKind {
  words: Fragment;
  id: Fragment;
  content: Fragment;
  /** Narrows the words table `s` to the search's community and author, and for posts to what the viewer did not hide. */
  narrow: (db: Db, search: ContentSearch) => Fragment;
  /** The highlights of the content `c` of a page's row. */
  highlights: (db: Db, query: Fragment) => Fragment;
  /** For comments, the join of the content `c` to its post, when that is shown. */
  underShownPost: (db: Db) => Fragment;
  /** For posts, leaves out those of `id` the viewer hid. */
  notHiddenBy: (db: Db, id: Fragment, viewer: string) => Fragment;
}

function notHiddenBy(db: Db, id: Fragment, viewer: string) {
  return db`and ${id} not in (select post_id from hidden_posts where user_id = ${viewer})`;
}

const postsKind = (db: Db): SearchedKind => ({
  words: db`post_search`,
  id: db`s.post_id`,
  content: db`posts`,
  narrow: (db, search) => db`
    ${search.communityId ? db`and s.community_id = ${search.communityId}` : db``}
    ${search.authorId ? db`and s.user_id = ${search.authorId}` : db``}
    ${search.viewerId ? notHiddenBy(db, db`s.post_id`, search.viewerId) : db``}`,
  highlights: (db, query) => db`
    ts_headline('english', ${unmarked(db, db`c.title`)}, ${query}, ${HEADLINE_TITLE}) as title_highlight,
    case when c.body is null or c.body = '' then null
      else ts_headline('english', ${unmarked(db, db`c.body`)}, ${query}, ${HEADLINE_BODY}) end as body_highlight`,
  underShownPost: (db) => db``,
  notHiddenBy,
});

const commentsKind = (db: Db): SearchedKind => ({
  words: db`comment_search`,
  id: db`s.comment_id`,
  content: db`comments`,
  narrow: (db, search) => db`
    ${search.communityId ? db`and s.community_id = ${search.communityId}` : db``}
    ${search.authorId ? db`and s.user_id = ${search.authorId}` : db``}`,
  highlights: (db, query) => db`ts_headline('english', ${unmarked(db, db`c.body`)}, ${query}, ${HEADLINE_BODY}) as body_highlight`,
  underShownPost: (db) => db`join posts p on p.id = c.post_id and p.deleted_at is null and p.held_at is null`,
  notHiddenBy: (db) => db``,
});

/** A range's row: how many matches it held, and one of its page's rows, or none (a null id) when its page is empty. */
type RangeRow<T extends Hit> = Omit<T, 'id'> & { id: string | null; found: number };

/** The newest matches in `range`, at most `wanted`, as `m` (id, vector). */
function matchesIn(db: Db, kind: SearchedKind, search: ContentSearch, query: Fragment, range: IdRange, wanted: number) {
  return db`
    select ${kind.id} as id, s.vector from ${kind.words} s
    where ${matching(db, query)} and ${shownTo(db, search)} ${kind.narrow(db, search)} ${inRange(db, kind.id, range)}
    order by ${kind.id} desc limit ${wanted}`;
}

/**
 * The search's page of matches. Ranked: the newest RANK_CANDIDATES matches, read a range of months
 * at a time, each range answering its own best page after the cursor, of which the best are kept.
 * Newest first: the newest page after the cursor. By votes: every match counts.
 */
async function searchContent<T extends Hit>(db: Db, kind: SearchedKind, search: ContentSearch): Promise<T[]> {
  const query = db`websearch_to_tsquery('english', ${search.text})`;
  const pageSize = search.limit + 1;
  const byRankThenId = (a: Hit, b: Hit) => b.sortValue - a.sortValue || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

  if (ranks(search)) {
    const rows = await readMonthsBack(Date.now(), null, RANK_CANDIDATES, async (range, wanted) => {
      const value = db`(ts_rank_cd(m.vector, ${query}) * ${RANK_SCALE})::bigint`;
      const found = await db<RangeRow<T>[]>`
        with m as (${matchesIn(db, kind, search, query, range, wanted)}),
        page as (
          select m.id, ${value} as sort_value from m
          where true ${keysetAfter(db, value, db`m.id`, search.after)}
          order by sort_value desc, m.id desc limit ${pageSize}
        )
        select (select count(*) from m)::int as found, page.id, page.sort_value::float8 as sort_value, ${kind.highlights(db, query)}
        from (select) as one
        left join (page join ${kind.content} c on c.id = page.id) on true`;
      return { found: found[0]?.found ?? 0, rows: found.filter((row): row is RangeRow<T> & T => row.id !== null) };
    });
    return rows.sort(byRankThenId).slice(0, pageSize);
  }

  if (search.sort === 'new') {
    const before = search.after?.id ?? null;
    return readMonthsBack(before ? timeOfId(before) : Date.now(), before, pageSize, async (range, wanted) => {
      const rows = await db<T[]>`
        with m as (${matchesIn(db, kind, search, query, range, wanted)})
        select m.id, 0::float8 as sort_value, ${kind.highlights(db, query)}
        from m join ${kind.content} c on c.id = m.id
        order by m.id desc`;
      return { found: rows.length, rows };
    });
  }

  const value = db`(c.upvotes - c.downvotes)::bigint`;
  return db<T[]>`
    with page as (
      select c.id, ${value} as sort_value
      from ${kind.words} s join ${kind.content} c on c.id = ${kind.id}
      where ${matching(db, query)} and ${shownTo(db, search)} ${kind.narrow(db, search)}
        ${keysetAfter(db, value, db`c.id`, search.after)}
      order by sort_value desc, c.id desc limit ${pageSize}
    )
    select page.id, page.sort_value::float8 as sort_value, ${kind.highlights(db, query)}
    from page join ${kind.content} c on c.id = page.id
    order by page.sort_value desc, page.id desc`;
}

/**
 * What a search without words lists: the posts or comments of its community or author that are
 * shown, newest or most voted first.
 */
async function listContent<T extends Hit>(db: Db, kind: SearchedKind, search: ContentSearch): Promise<T[]> {
  const viewer = search.viewerId;
  const value = search.sort === 'top' ? db`(c.upvotes - c.downvotes)::bigint` : db`0::bigint`;
  const after = search.sort === 'top'
    ? keysetAfter(db, value, db`c.id`, search.after)
    : search.after ? db`and c.id < ${search.after.id}::uuid` : db``;
  return db<T[]>`
    select c.id, ${value}::float8 as sort_value, ${kind.highlights(db, db`websearch_to_tsquery('english', '')`)}
    from ${kind.content} c
    join communities co on co.id = c.community_id
    ${kind.underShownPost(db)}
    where c.deleted_at is null and c.held_at is null and co.deleted_at is null
      ${search.communityId ? db`and c.community_id = ${search.communityId}` : db``}
      ${search.authorId ? db`and c.user_id = ${search.authorId}` : db``}
      ${viewer
        ? db`and c.user_id not in (select muted_user_id from user_mutes where user_id = ${viewer})
          and c.community_id not in (select community_id from community_mutes where user_id = ${viewer})
          ${kind.notHiddenBy(db, db`c.id`, viewer)}`
        : db``}
      ${after}
    order by ${value} desc, c.id desc
    limit ${search.limit + 1}`;
}

/** Posts matching the words, or listed by community or author, that the viewer may see: not deleted or held, not in deleted communities, nor by users or in communities the viewer muted, nor hidden by them. */
export function searchPosts(db: Db, search: ContentSearch): Promise<PostHit[]> {
  return search.text === '' ? listContent(db, postsKind(db), search) : searchContent(db, postsKind(db), search);
}

/** Comments matching the words, or listed, with the same exclusions as posts, under posts that are shown. */
export function searchComments(db: Db, search: ContentSearch): Promise<CommentHit[]> {
  return search.text === '' ? listContent(db, commentsKind(db), search) : searchContent(db, commentsKind(db), search);
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
