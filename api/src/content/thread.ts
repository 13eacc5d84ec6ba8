// Reading a post's comments: pages of the thread, a comment's subtree, and a permalink's view.
import { Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import { ADMIN_COMMENTS_PAGE_SIZE, COMMENT_REPLIES_PER_COMMENT, COMMENT_REPLIES_PER_PAGE, COMMENT_SUBTREE_LIMIT, COMMENTS_PAGE_SIZE } from '@quorum/shared/constants';
import type { Db } from '../db/connect.ts';
import { cursorValue, decodeCursor, pageOf } from '../http/cursor.ts';
import { notFound } from '../http/errors.ts';
import type { CommentRow } from './comment-present.ts';
import * as q from './comment-queries.ts';

interface CommentRows {
  rows: CommentRow[];
  next: string | null;
}

/** A comment; one waiting for approval is there only for its author (mods see it in the queue). */
export async function loadCommentById(db: Db, commentId: string, viewerId: string | null): Promise<CommentRow> {
  const comment = isUuid(commentId) ? await q.getComment(db, commentId, viewerId) : undefined;
  if (!comment || (comment.heldAt && comment.userId !== viewerId)) throw notFound(Messages.commentNotFound);
  return comment;
}

/** A comment of the post `postId`; 404 for any other id. */
export async function loadComment(db: Db, commentId: string, postId: string, viewerId: string | null): Promise<CommentRow> {
  const comment = await loadCommentById(db, commentId, viewerId);
  if (comment.postId !== postId) throw notFound(Messages.commentNotFound);
  return comment;
}

/**
 * A page of a thread: top-level comments best first, each with its best replies. The
 * client builds the tree from parentId and asks for a subtree with `parentId` where a comment
 * has more replies than arrived.
 */
export async function loadCommentsPage(db: Db, postId: string, viewerId: string | null, next?: string): Promise<CommentRows> {
  const cursor = decodeCursor(next, 'comments', cursorValue.natural);
  const rows = await q.listTopLevel(db, postId, viewerId, COMMENTS_PAGE_SIZE, cursor && { upvotes: Number(cursor.value), id: cursor.id });
  const top = pageOf(rows, COMMENTS_PAGE_SIZE, (last) => ({ sort: 'comments', value: last.upvotes, id: last.id }));
  const replies = await q.listRepliesOfTopLevel(db, postId, top.rows.map((c) => c.id), viewerId, {
    perComment: COMMENT_REPLIES_PER_COMMENT,
    limit: COMMENT_REPLIES_PER_PAGE,
  });
  return { rows: [...top.rows, ...replies], next: top.next };
}

/** The replies under one comment of the post, shallowest and best first. */
export async function loadSubtree(db: Db, postId: string, parentId: string, viewerId: string | null): Promise<CommentRows> {
  const parent = await loadComment(db, parentId, postId, viewerId);
  return { rows: await q.listDescendants(db, postId, [parent.id], viewerId, COMMENT_SUBTREE_LIMIT), next: null };
}

/** One comment in its place: the comments above it, the comment, and its replies (a permalink's view). */
export async function loadPermalink(db: Db, postId: string, commentId: string, viewerId: string | null): Promise<CommentRows> {
  const comment = await loadComment(db, commentId, postId, viewerId);
  const [path, replies] = await Promise.all([
    q.listCommentPath(db, postId, comment.id, viewerId),
    q.listDescendants(db, postId, [comment.id], viewerId, COMMENT_SUBTREE_LIMIT),
  ]);
  return { rows: [...path, ...replies], next: null };
}

/** A page of every comment on the site, newest first, for admins. */
export async function loadLatestComments(db: Db, viewerId: string, next?: string): Promise<CommentRows> {
  const cursor = decodeCursor(next, 'latest-comments', cursorValue.none);
  const rows = await q.listLatestComments(db, viewerId, ADMIN_COMMENTS_PAGE_SIZE, cursor?.id);
  return pageOf(rows, ADMIN_COMMENTS_PAGE_SIZE, (last) => ({ sort: 'latest-comments', value: null, id: last.id }));
}
