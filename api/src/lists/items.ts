// A page of a list's items with the posts and comments they point at, as the viewer sees them.
import { LIST_ITEMS_PAGE_SIZE } from '@quorum/shared/constants';
import type { ListItem, ListItemsPage } from '@quorum/shared/entities/lists';
import type { SessionUser } from '../auth/session-queries.ts';
import { presentComment } from '../content/comment-present.ts';
import { getCommentsByIds } from '../content/comment-queries.ts';
import { presentPost } from '../content/post-present.ts';
import { getPostsByIds } from '../content/post-queries.ts';
import type { Db } from '../db/connect.ts';
import { cursorValue, decodeCursor, pageOf } from '../http/cursor.ts';
import { listListItems } from './queries.ts';

const CURSOR_SORT = 'added';

/**
 * The items of a list, the latest added first. Deleted posts and comments stay in the list and
 * show as deleted, as they do everywhere else; those awaiting approval are left out but for their author.
 */
export async function loadListItems(db: Db, listId: string, viewer: SessionUser | null, next?: string): Promise<ListItemsPage> {
  const cursor = decodeCursor(next, CURSOR_SORT, cursorValue.natural);
  const rows = await listListItems(db, listId, LIST_ITEMS_PAGE_SIZE, cursor && { createdUs: Number(cursor.value), id: cursor.id });
  const page = pageOf(rows, LIST_ITEMS_PAGE_SIZE, (last) => ({ sort: CURSOR_SORT, value: last.createdUs, id: last.id }));
  const viewerId = viewer?.id ?? null;
  const [posts, comments] = await Promise.all([
    getPostsByIds(db, page.rows.flatMap((row) => (row.postId ? [row.postId] : [])), viewerId),
    getCommentsByIds(db, page.rows.flatMap((row) => (row.commentId ? [row.commentId] : [])), viewerId),
  ]);
  // What waits for approval shows in lists to its author only.
  const shown = (item: { heldAt: Date | null; userId: string }) => item.heldAt === null || item.userId === viewerId;
  const postsById = new Map(posts.filter(shown).map((post) => [post.id, post]));
  const commentsById = new Map(comments.filter(shown).map((comment) => [comment.id, comment]));
  const items = page.rows.flatMap((row): ListItem[] => {
    const base = { id: row.id, listId: row.listId, createdAt: row.createdAt.toISOString() };
    const post = row.postId ? postsById.get(row.postId) : undefined;
    if (post) return [{ ...base, targetType: 'post', targetId: post.id, targetItem: presentPost(post, viewer) }];
    const comment = row.commentId ? commentsById.get(row.commentId) : undefined;
    if (comment) return [{ ...base, targetType: 'comment', targetId: comment.id, targetItem: presentComment(comment, viewer) }];
    return [];
  });
  return { items, next: page.next };
}
