// A profile's feed: the user's posts and comments together, newest first, in pages.
import type { UserFeedItem, UserFeedPage } from '@quorum/shared/entities/posts';
import { USER_FEED_PAGE_SIZE, type USER_FEED_FILTERS } from '@quorum/shared/constants';
import type { Db } from '../db/connect.ts';
import { epochMicros, fromEpochMicros } from '../db/micros.ts';
import { cursorValue, decodeCursor, pageOf } from '../http/cursor.ts';
import { presentComment } from './comment-present.ts';
import { getCommentsByIds } from './comment-queries.ts';
import { presentPost } from './post-present.ts';
import { getPostsByIds } from './post-queries.ts';

type Filter = '' | (typeof USER_FEED_FILTERS)[number];

interface FeedEntry {
  type: 'post' | 'comment';
  id: string;
  createdUs: number;
}

const CURSOR_SORT = 'profile';

/** One page of a user's posts and comments that are not deleted, newest first (limit + 1 rows). */
async function listFeedEntries(db: Db, userId: string, filter: Filter, limit: number, ownFeed: boolean, after?: { us: number; id: string }) {
  // What waits for approval is on its author's own profile only.
  const held = (table: string) => (ownFeed ? db`` : db`and ${db(table)}.held_at is null`);
  const before = (table: string) =>
    after
      ? db`and (${db(table)}.created_at, ${db(table)}.id) < (${fromEpochMicros(db, after.us)}, ${after.id}::uuid)`
      : db``;
  const posts = db`
    select 'post' as type, posts.id, posts.created_at from posts
    where posts.user_id = ${userId} and posts.deleted_at is null ${held('posts')} ${before('posts')}
    order by posts.created_at desc, posts.id desc limit ${limit + 1}`;
  const comments = db`
    select 'comment' as type, comments.id, comments.created_at from comments
    where comments.user_id = ${userId} and comments.deleted_at is null ${held('comments')} ${before('comments')}
    order by comments.created_at desc, comments.id desc limit ${limit + 1}`;
  const parts = filter === 'posts' ? db`(${posts})` : filter === 'comments' ? db`(${comments})` : db`(${posts}) union all (${comments})`;
  return db<FeedEntry[]>`
    select type, id, ${epochMicros(db, db`created_at`)} as created_us
    from (${parts}) entries
    order by created_at desc, id desc
    limit ${limit + 1}`;
}

/** A page of a profile's feed as `viewer` sees it: posts and comments interleaved by time. */
export async function loadUserFeed(
  db: Db,
  userId: string,
  query: { filter: Filter; next?: string },
  viewer: { id: string; isAdmin: boolean } | null,
): Promise<UserFeedPage> {
  const cursor = decodeCursor(query.next, CURSOR_SORT, cursorValue.natural);
  const after = cursor ? { us: Number(cursor.value), id: cursor.id } : undefined;
  const entries = await listFeedEntries(db, userId, query.filter, USER_FEED_PAGE_SIZE, viewer?.id === userId, after);
  const page = pageOf(entries, USER_FEED_PAGE_SIZE, (last) => ({ sort: CURSOR_SORT, value: Number(last.createdUs), id: last.id }));
  const idsOf = (type: FeedEntry['type']) => page.rows.filter((entry) => entry.type === type).map((entry) => entry.id);
  const [posts, comments] = await Promise.all([
    getPostsByIds(db, idsOf('post'), viewer?.id ?? null),
    getCommentsByIds(db, idsOf('comment'), viewer?.id ?? null),
  ]);
  const postsById = new Map(posts.map((row) => [row.id, row]));
  const commentsById = new Map(comments.map((row) => [row.id, row]));
  const items = page.rows.flatMap((entry): UserFeedItem[] => {
    if (entry.type === 'post') {
      const row = postsById.get(entry.id);
      return row ? [{ type: 'post', item: presentPost(row, viewer) }] : [];
    }
    const row = commentsById.get(entry.id);
    return row ? [{ type: 'comment', item: presentComment(row, viewer) }] : [];
  });
  return { items, next: page.next };
}
