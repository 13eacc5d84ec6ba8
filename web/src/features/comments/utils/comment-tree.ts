import type { Comment } from '@quorum/shared/entities/comments';

export interface CommentNode {
  comment: Comment;
  children: CommentNode[];
  /**
   * Replies under this comment that did not arrive: its reply count minus the loaded children and
   * everything under them. Above zero, the comment needs a 'load more replies' control.
   */
  missingReplies: number;
}

export interface CommentTree {
  roots: CommentNode[];
  /** Every comment that made it into the tree, by id. */
  byId: Map<string, CommentNode>;
}

/** The first copy of each comment, in the order they came. */
export function uniqueComments(comments: Iterable<Comment>): Comment[] {
  const seen = new Set<string>();
  const unique: Comment[] = [];
  for (const comment of comments) {
    if (seen.has(comment.id)) continue;
    seen.add(comment.id);
    unique.push(comment);
  }
  return unique;
}

/**
 * The comments a permalink shows: the focused comment, the comments above it and its replies.
 * Empty when the focused comment is not among them.
 */
export function focusedThread(comments: Comment[], focusId: string): Comment[] {
  const parents = new Map(comments.map((comment) => [comment.id, comment.parentId]));
  if (!parents.has(focusId)) return [];
  const above = new Set(idsAbove(focusId, parents));
  return comments.filter((comment) => comment.id === focusId || above.has(comment.id) || idsAbove(comment.id, parents).includes(focusId));
}

/** The ids above a comment, from its parent up, as far as `parents` (id → parentId) knows them. */
function idsAbove(id: string, parents: ReadonlyMap<string, string | null>): string[] {
  const ids = [];
  for (let parent = parents.get(id); parent; parent = parents.get(parent)) ids.push(parent);
  return ids;
}

/**
 * Builds the thread from flat lists of comments (pages, subtrees, a permalink's thread) that may
 * overlap: siblings keep the order in which they first appear. A reply whose parent is missing is
 * left out; it still counts as missing under its loaded ancestors.
 *
 * With `focusId`, only that comment's thread is built, and the comments above it claim no missing
 * replies (their other replies are left out on purpose).
 */
export function buildCommentTree(comments: Iterable<Comment>, focusId?: string): CommentTree {
  let list = uniqueComments(comments);
  if (focusId !== undefined) list = focusedThread(list, focusId);

  const byId = new Map<string, CommentNode>();
  const roots: CommentNode[] = [];
  // Parents always come before their replies in depth order; sorting by depth (stable) keeps each
  // level's order while letting a reply that arrived before its parent find it.
  const byDepth = [...list].sort((a, b) => a.depth - b.depth);
  for (const comment of byDepth) {
    const node: CommentNode = { comment, children: [], missingReplies: 0 };
    if (comment.parentId === null) {
      roots.push(node);
    } else {
      const parent = byId.get(comment.parentId);
      if (!parent) continue;
      parent.children.push(node);
    }
    byId.set(comment.id, node);
  }

  const parents = new Map([...byId].map(([id, node]) => [id, node.comment.parentId]));
  const focusAncestors = new Set(focusId === undefined ? [] : idsAbove(focusId, parents));
  for (const node of byId.values()) {
    if (focusAncestors.has(node.comment.id)) continue;
    const loaded = node.children.reduce((sum, child) => sum + 1 + child.comment.noReplies, 0);
    node.missingReplies = Math.max(0, node.comment.noReplies - loaded);
  }
  return { roots, byId };
}

/** Whether a comment was written after the viewer's previous visit to the post. */
export function isNewComment(comment: Comment, lastVisitAt: string | null): boolean {
  return lastVisitAt !== null && Date.parse(comment.createdAt) > Date.parse(lastVisitAt);
}
