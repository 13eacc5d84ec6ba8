import type { Comment, CommentsPage } from '@quorum/shared/entities/comments';
import type { QueryClient } from '@tanstack/react-query';
import type { CommentPages } from './get-comments.ts';
import { commentKeys } from './keys.ts';

/** What a post's comment queries hold: the paged thread, or one flat list (a subtree or a permalink's thread). */
export type CachedComments = CommentPages | CommentsPage;

function isPages(data: CachedComments): data is CommentPages {
  return 'pages' in data;
}

function holds(data: CachedComments, commentId: string): boolean {
  const lists = isPages(data) ? data.pages.map((page) => page.comments) : [data.comments];
  return lists.some((comments) => comments.some((comment) => comment.id === commentId));
}

/** The same data with every comment passed through `update` (unchanged lists keep their identity). */
export function mapCachedComments(data: CachedComments, update: (comment: Comment) => Comment): CachedComments {
  const mapList = (comments: Comment[]) => {
    let changed = false;
    const next = comments.map((comment) => {
      const updated = update(comment);
      if (updated !== comment) changed = true;
      return updated;
    });
    return changed ? next : comments;
  };
  if (!isPages(data)) {
    const comments = mapList(data.comments);
    return comments === data.comments ? data : { ...data, comments };
  }
  let changed = false;
  const pages = data.pages.map((page) => {
    const comments = mapList(page.comments);
    if (comments === page.comments) return page;
    changed = true;
    return { ...page, comments };
  });
  return changed ? { ...data, pages } : data;
}

/**
 * The data with `comment` put first among the comments of the list that holds `parentId` (the
 * first page for a top-level comment), so that a new comment leads its siblings.
 */
export function insertComment(data: CachedComments, comment: Comment): CachedComments {
  if (!isPages(data)) return { ...data, comments: [comment, ...data.comments] };
  const parentId = comment.parentId;
  const index = parentId === null ? 0 : Math.max(0, data.pages.findIndex((page) => page.comments.some((item) => item.id === parentId)));
  return {
    ...data,
    pages: data.pages.map((page, i) => (i === index ? { ...page, comments: [comment, ...page.comments] } : page)),
  };
}

/**
 * Adds a new comment to the list that holds its parent (or the thread's first page) and counts
 * it in the reply counts of every comment above it.
 */
export function insertCachedComment(client: QueryClient, publicId: string, comment: Comment): void {
  const entries = client.getQueriesData<CachedComments>({ queryKey: commentKeys.post(publicId) });
  const parentId = comment.parentId;
  const holder = parentId === null ? undefined : entries.find(([, data]) => data !== undefined && holds(data, parentId));
  const key = holder?.[0] ?? commentKeys.list(publicId);
  client.setQueryData<CachedComments>(key, (data) => data && insertComment(data, comment));

  const above = new Set(comment.ancestors);
  if (above.size === 0) return;
  client.setQueriesData<CachedComments>({ queryKey: commentKeys.post(publicId) }, (data) =>
    data && mapCachedComments(data, (item) => (above.has(item.id) ? { ...item, noReplies: item.noReplies + 1 } : item)),
  );
}
