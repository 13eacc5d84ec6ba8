import { SEARCH_PAGE_SIZE, SEARCH_SUGGEST_LIMIT, SEARCH_WORDS_MAX } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { escapeHtml } from '@quorum/shared/format';
import { countWords, parseSearch } from '@quorum/shared/search';
import type { SearchPage, SearchQuery, SearchResult, SearchSuggestions } from '@quorum/shared/entities/search';
import type { InferOutput } from 'valibot';
import type { searchQuery } from '@quorum/shared/schemas/search';
import type { SessionUser } from '../auth/session-queries.ts';
import { presentComment } from '../content/comment-present.ts';
import { getCommentsByIds } from '../content/comment-queries.ts';
import { presentCommunity } from '../content/community-present.ts';
import { getCommunitiesByIds } from '../content/community-queries.ts';
import { presentPost } from '../content/post-present.ts';
import { getPostsByIds } from '../content/post-queries.ts';
import { isStatementTimeout, type Db, type Sql } from '../db/connect.ts';
import { cursorValue, decodeCursor, pageOf } from '../http/cursor.ts';
import { badRequest } from '../http/errors.ts';
import { presentUser } from '../users/present.ts';
import { getUsersByIds } from '../users/queries.ts';
import {
  findAuthorId, findCommunityId, MARK_END, MARK_START, searchComments, searchCommunityNames, searchPosts, searchUserNames,
  type ContentSearch, type Hit, type NameSearch,
} from './queries.ts';

/** A ts_headline answer as safe HTML: everything escaped, then the match marks turned into <mark>. */
export function highlightHtml(marked: string): string {
  return escapeHtml(marked)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>');
}

/** Rows in the order of `hits`, leaving out any that could not be read. */
function inOrder<T extends { id: string }>(hits: readonly Hit[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return hits.flatMap((hit) => byId.get(hit.id) ?? []);
}

/**
 * The search as the server understands it: the box's modifiers, overridden by explicit
 * parameters. A search without words and without a community or author to list is refused.
 */
export function understand(params: InferOutput<typeof searchQuery>): SearchQuery {
  const parsed = parseSearch(params.q);
  const query: SearchQuery = {
    text: parsed.text.trim(),
    type: params.type ?? parsed.type ?? 'posts',
    community: params.community ?? parsed.community,
    author: params.author?.replace(/^@/, '') ?? parsed.author,
    sort: params.sort ?? 'relevance',
  };
  const names = query.type === 'communities' || query.type === 'users';
  const listsSomething = !names && (query.community !== null || query.author !== null);
  if (query.text === '' && !listsSomething) throw badRequest(Messages.searchEmpty, ErrorCode.badRequest);
  if (!names && query.text !== '') {
    // Every word is a condition each match is checked against, and excluded words alone match nearly everything.
    const { words, included } = countWords(query.text);
    if (included === 0) throw badRequest(Messages.searchOnlyExcluded, ErrorCode.badRequest);
    if (words > SEARCH_WORDS_MAX) throw badRequest(Messages.searchTooManyWords, ErrorCode.badRequest);
  }
  return query;
}

/**
 * Finds a page of matches within `timeoutMs` (the embedded database keeps no time: there the
 * bounds of the statements themselves hold): a search too broad to finish in time is refused
 * rather than holding a connection that other pages need.
 */
async function withinTime<T>(sql: Sql, timeoutMs: number, find: (db: Db) => Promise<T>): Promise<T> {
  try {
    let found: T | undefined;
    await sql.begin(async (tx) => {
      await tx`select set_config('statement_timeout', ${String(timeoutMs)}, true)`;
      found = await find(tx);
    });
    return found as T;
  } catch (error) {
    if (isStatementTimeout(error)) throw badRequest(Messages.searchTooBroad, ErrorCode.badRequest);
    throw error;
  }
}

/**
 * The key of a page of results kept for visitors: the search as understood (names in any case are
 * one), and the page's cursor.
 */
export function searchPageKey(params: InferOutput<typeof searchQuery>): string {
  const query = understand(params);
  return `search ${query.type} ${query.sort} ${query.community?.toLowerCase() ?? ''} ${query.author?.toLowerCase() ?? ''} ${params.next ?? ''} ${query.text}`;
}

/** The first word of a name search, lower case, without a leading @ or /. */
function namePrefix(text: string): string {
  return (text.split(/\s+/)[0] ?? '').replace(/^[@/]+/, '').toLowerCase();
}

export interface SearchOptions {
  /** The longest the database may take to find one page of posts or comments. */
  timeoutMs: number;
}

export async function search(
  db: Sql,
  params: InferOutput<typeof searchQuery>,
  viewer: SessionUser | null,
  options: SearchOptions,
): Promise<SearchPage> {
  const query = understand(params);
  const viewerId = viewer?.id ?? null;
  const limit = SEARCH_PAGE_SIZE;
  const cursorSort = `${query.type}:${query.sort}`;
  // Posts and comments newest first are ordered by their ids, which begin with their time.
  const byIdOnly = (query.type === 'posts' || query.type === 'comments') && query.sort === 'new';
  const after = decodeCursor(params.next, cursorSort, byIdOnly ? cursorValue.none : cursorValue.integer);
  const cursorOf = (hit: Hit) => ({ sort: cursorSort, value: byIdOnly ? null : hit.sortValue, id: hit.id });

  if (query.type === 'communities' || query.type === 'users') {
    const names: NameSearch = { prefix: namePrefix(query.text), viewerId, limit, after };
    if (query.type === 'communities') {
      const page = pageOf(await searchCommunityNames(db, names), limit, cursorOf);
      const rows = inOrder(page.rows, await getCommunitiesByIds(db, page.rows.map((hit) => hit.id), viewerId));
      return { query, items: rows.map((row): SearchResult => ({ type: 'community', community: presentCommunity(row) })), next: page.next };
    }
    const page = pageOf(await searchUserNames(db, names), limit, cursorOf);
    const rows = inOrder(page.rows, await getUsersByIds(db, page.rows.map((hit) => hit.id)));
    return { query, items: rows.map((row): SearchResult => ({ type: 'user', user: presentUser(row, viewer) })), next: page.next };
  }

  const [communityId, authorId] = await Promise.all([
    query.community === null ? null : findCommunityId(db, query.community),
    query.author === null ? null : findAuthorId(db, query.author),
  ]);
  // A community or author that does not exist has nothing in it.
  if ((query.community !== null && communityId === null) || (query.author !== null && authorId === null)) {
    return { query, items: [], next: null };
  }
  const content: ContentSearch = { text: query.text, sort: query.sort, communityId, authorId, viewerId, limit, after };

  if (query.type === 'posts') {
    const page = pageOf(await withinTime(db, options.timeoutMs, (tx) => searchPosts(tx, content)), limit, cursorOf);
    const highlights = new Map(page.rows.map((hit) => [hit.id, hit]));
    const rows = inOrder(page.rows, await getPostsByIds(db, page.rows.map((hit) => hit.id), viewerId));
    const items = rows.map((row): SearchResult => {
      const hit = highlights.get(row.id);
      return {
        type: 'post',
        post: presentPost(row, viewer),
        highlight: {
          title: highlightHtml(hit?.titleHighlight ?? row.title),
          body: hit?.bodyHighlight ? highlightHtml(hit.bodyHighlight) : null,
        },
      };
    });
    return { query, items, next: page.next };
  }

  const page = pageOf(await withinTime(db, options.timeoutMs, (tx) => searchComments(tx, content)), limit, cursorOf);
  const highlights = new Map(page.rows.map((hit) => [hit.id, hit]));
  const rows = inOrder(page.rows, await getCommentsByIds(db, page.rows.map((hit) => hit.id), viewerId));
  const items = rows.map((row): SearchResult => ({
    type: 'comment',
    comment: presentComment(row, viewer),
    highlight: { body: highlightHtml(highlights.get(row.id)?.bodyHighlight ?? row.body) },
  }));
  return { query, items, next: page.next };
}

/** Communities, then users, whose names start with the first word typed. */
export async function suggest(db: Db, q: string, viewer: SessionUser | null): Promise<SearchSuggestions> {
  const prefix = namePrefix(q.trim());
  if (prefix === '') return { communities: [], users: [] };
  const viewerId = viewer?.id ?? null;
  const names: NameSearch = { prefix, viewerId, limit: SEARCH_SUGGEST_LIMIT, after: undefined };
  const [communityHits, userHits] = await Promise.all([searchCommunityNames(db, names), searchUserNames(db, names)]);
  const communityPage = communityHits.slice(0, SEARCH_SUGGEST_LIMIT);
  const userPage = userHits.slice(0, SEARCH_SUGGEST_LIMIT);
  const [communities, users] = await Promise.all([
    getCommunitiesByIds(db, communityPage.map((hit) => hit.id), viewerId),
    getUsersByIds(db, userPage.map((hit) => hit.id)),
  ]);
  return {
    communities: inOrder(communityPage, communities).map(presentCommunity),
    users: inOrder(userPage, users).map((row) => presentUser(row, viewer)),
  };
}
