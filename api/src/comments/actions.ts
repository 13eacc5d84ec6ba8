// What people do to comments. Each function checks the rules and throws an HttpError from the
// shared catalogue when one refuses.
import type * as v from 'valibot';
import { COMMENT_DEPTH_MAX } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type { commentVoteBody, createCommentBody } from '@quorum/shared/schemas/comments';
import type { UserGroup } from '@quorum/shared/entities/users';
import { recordScreening, screenContent } from '../automod/screen.ts';
import { getCommunityOfComment } from '../communities/queries.ts';
import type { CommentRow } from '../content/comment-present.ts';
import { bannedFrom } from '../content/community-load.ts';
import { getStanding } from '../content/community-queries.ts';
import { canActAs, canDeleteAs, canModerate, type Actor, type Standing } from '../content/policy.ts';
import type { PostState } from '../content/post-queries.ts';
import { loadComment, loadCommentById } from '../content/thread.ts';
import type { Sql } from '../db/connect.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import type { Jobs } from '../jobs/queue.ts';
import { excerptOf, recordModAction } from '../modlog/record.ts';
import { queueNotification, queueVoteNotification } from '../notifications/jobs.ts';
import { resolveReports } from '../reports/queries.ts';
import { assertMayPostWithEmail } from '../users/email-confirmation.ts';
import { castVoteAndRead } from '../votes/cast.ts';
import * as q from './queries.ts';

/** Who writes: screening names them in the log when watched words refuse what they wrote. */
type Author = Actor & { username: string };

/**
 * Comments on a post, or replies to one of its comments, signed as `group`. Refuses users banned
 * from the community, deleted posts, locked posts (but for mods and admins), a signature the user
 * may not use, replies to deleted comments and replies deeper than COMMENT_DEPTH_MAX. The post's
 * author and the parent comment's author are notified in the background.
 */
export async function createComment(
  sql: Sql,
  user: Author,
  post: PostState,
  group: UserGroup,
  input: v.InferOutput<typeof createCommentBody>,
  jobs: Jobs,
): Promise<string> {
  const standing = await getStanding(sql, post.communityId, user.id);
  if (standing.isBanned) throw bannedFrom(post.communityName);
  await assertMayPostWithEmail(sql, user);
  if (post.held) {
    if (user.id !== post.userId && !canModerate(user, standing)) throw notFound(Messages.postNotFound);
    throw forbidden(Messages.awaitingApproval, ErrorCode.awaitingApproval);
  }
  if (post.deleted) throw forbidden(Messages.postDeleted);
  if (post.locked && !canModerate(user, standing)) throw forbidden(Messages.postLocked, ErrorCode.postLocked);
  if (!canActAs(user, standing, group)) throw forbidden(Messages.cannotCommentAs(group));

  let parent: CommentRow | null = null;
  if (input.parentCommentId) {
    parent = await loadComment(sql, input.parentCommentId, post.id, user.id);
    if (parent.deletedAt) throw forbidden(Messages.cannotReplyToDeleted);
    if (parent.heldAt) throw forbidden(Messages.awaitingApproval, ErrorCode.awaitingApproval);
    if (parent.depth + 1 > COMMENT_DEPTH_MAX) throw badRequest(Messages.threadTooDeep, ErrorCode.threadTooDeep);
  }
  const screening = await screenContent(sql, {
    communityId: post.communityId,
    author: user,
    exempt: canModerate(user, standing),
    kind: 'comment',
    text: { body: input.body },
    creating: true,
  });
  const body = screening.body ?? input.body;
  const id = await sql.begin(async (tx) => {
    const commentId = await q.insertComment(tx, {
      postId: post.id,
      communityId: post.communityId,
      userId: user.id,
      userGroup: group,
      body,
      parent: parent && { id: parent.id, depth: parent.depth, ancestors: parent.ancestors },
      heldReason: screening.heldReason,
    });
    await recordScreening(tx, screening, { ...commentItem(post, commentId, user.id), details: commentDetails(post, body) });
    return commentId;
  });
  if (!screening.heldReason) await queueNotification(jobs, { kind: 'comment', commentId: id });
  return id;
}

/** Where a comment is, for the moderation log and reports. */
function commentItem(post: { id: string; communityId: string }, commentId: string, userId: string) {
  return { communityId: post.communityId, postId: post.id, commentId, userId };
}

/** What the moderation log keeps of a comment. */
function commentDetails(post: { title: string; publicId: string }, body: string) {
  return { excerpt: excerptOf(body), title: post.title, publicId: post.publicId };
}

/**
 * Only a comment's author changes it, and not once it is deleted; under a locked or deleted post
 * only if the author moderates the community or is an admin. Answers the author's standing.
 */
async function assertCanChange(sql: Sql, user: Actor, post: PostState, comment: CommentRow): Promise<Standing> {
  if (comment.userId !== user.id) throw forbidden(Messages.onlyAuthorChangesComment);
  if (comment.deletedAt) throw forbidden(Messages.deletedCommentNotChangeable);
  const standing = await getStanding(sql, comment.communityId, user.id);
  if (!canModerate(user, standing)) {
    if (post.deleted) throw forbidden(Messages.postDeleted);
    if (post.locked) throw forbidden(Messages.postLocked, ErrorCode.postLocked);
  }
  return standing;
}

/** The new body is screened with watched words, as on creation (without holds). */
export async function editComment(sql: Sql, user: Author, post: PostState, comment: CommentRow, body: string): Promise<void> {
  const standing = await assertCanChange(sql, user, post, comment);
  const screening = await screenContent(sql, {
    communityId: comment.communityId,
    author: user,
    exempt: canModerate(user, standing),
    kind: 'comment',
    text: { body },
    creating: false,
  });
  const screened = screening.body ?? body;
  await sql.begin(async (tx) => {
    await q.updateCommentBody(tx, comment.id, screened);
    await recordScreening(tx, screening, {
      ...commentItem(post, comment.id, comment.userId),
      details: { excerpt: excerptOf(screened), title: comment.postTitle, publicId: comment.postPublicId },
    });
  });
}

/** Signs a comment as another group the author belongs to (normal when none is named). */
export async function changeCommentAs(
  sql: Sql,
  user: Actor,
  post: PostState,
  comment: CommentRow,
  group: UserGroup = 'normal',
): Promise<void> {
  const standing = await assertCanChange(sql, user, post, comment);
  if (!canActAs(user, standing, group)) throw forbidden(Messages.cannotCommentAs(group));
  await q.setCommentGroup(sql, comment.id, group);
}

/**
 * Deletes a comment as its author, its community's mods or admins; its place in the thread stays.
 * Deleted by mods or admins, its open reports are closed, the moderation log records it and the
 * author is told, with the reason given.
 */
export async function deleteComment(
  sql: Sql,
  user: Actor,
  comment: CommentRow,
  as: UserGroup,
  reason: string | null,
  jobs: Jobs,
): Promise<void> {
  if (!canDeleteAs(user, await getStanding(sql, comment.communityId, user.id), comment.userId, as)) throw forbidden();
  const removed = await sql.begin(async (tx) => {
    const deleted = await q.deleteComment(tx, comment, { userId: user.id, as });
    if (as === 'normal') return false;
    await resolveReports(tx, { commentId: comment.id }, 'deleted', user.id);
    if (!deleted) return false;
    await recordModAction(tx, {
      kind: 'remove_comment',
      communityId: comment.communityId,
      actor: { id: user.id, group: as },
      target: { type: 'comment', id: comment.id },
      targetUserId: comment.userId,
      postId: comment.postId,
      commentId: comment.id,
      details: { excerpt: excerptOf(comment.body), title: comment.postTitle, publicId: comment.postPublicId },
      reason,
    });
    return true;
  });
  if (removed && as !== 'normal') {
    await queueNotification(jobs, { kind: 'deleted_comment', commentId: comment.id, deletedBy: user.id, deletedAs: as, reason });
  }
}

/**
 * Votes on a comment and answers the comment as the voter now sees it; users banned from the
 * community give none, and deleted comments and comments of locked posts take none. An upvote
 * notifies the author.
 */
export async function voteComment(sql: Sql, user: Actor, input: v.InferOutput<typeof commentVoteBody>, jobs: Jobs): Promise<CommentRow> {
  if (!isUuid(input.commentId)) throw notFound(Messages.commentNotFound);
  const { outcome, after } = await castVoteAndRead(
    sql, { item: 'comment', itemId: input.commentId, voterId: user.id, up: input.up }, (db) => loadCommentById(db, input.commentId, user.id));
  if (outcome === 'not_found') throw notFound(Messages.commentNotFound);
  if (outcome === 'banned') throw bannedFrom((await getCommunityOfComment(sql, input.commentId))?.name ?? '');
  if (outcome === 'deleted') throw forbidden(Messages.commentDeleted, ErrorCode.commentDeleted);
  if (outcome === 'locked') throw forbidden(Messages.postLocked, ErrorCode.postLocked);
  if (outcome === 'upvoted') await queueVoteNotification(jobs);
  return after;
}
