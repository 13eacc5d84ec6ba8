// The approval queue: a community's mods and admins publish or remove what watched words and
// new-member limits held. Approving publishes at the original time, counts the item, logs it and
// tells the author (and, for a comment, whoever a new comment tells); removing is a mod's delete.
import type * as v from 'valibot';
import { HELD_PAGE_SIZE } from '@quorum/shared/constants';
import type { HeldItem, HeldPage } from '@quorum/shared/entities/automod';
import { Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type { heldActionBody } from '@quorum/shared/schemas/automod';
import { deleteComment } from '../comments/actions.ts';
import { countPublishedComment } from '../comments/queries.ts';
import { presentComment } from '../content/comment-present.ts';
import { getCommentsByIds } from '../content/comment-queries.ts';
import type { Actor } from '../content/policy.ts';
import { presentPost } from '../content/post-present.ts';
import { getPostState, getPostsByIds } from '../content/post-queries.ts';
import { loadPostById } from '../content/post-load.ts';
import type { Db, Sql } from '../db/connect.ts';
import { cursorValue, decodeCursor, pageOf } from '../http/cursor.ts';
import { notFound } from '../http/errors.ts';
import type { Jobs } from '../jobs/queue.ts';
import { excerptOf, groupIn, recordModAction } from '../modlog/record.ts';
import { queueNotification } from '../notifications/jobs.ts';
import { deletePost } from '../posts/actions.ts';
import { countPublishedPost } from '../posts/queries.ts';
import * as q from './queries.ts';

const SORT = 'held';

/** A page of the queue with its length, for a viewer the caller checked may moderate the community. */
export async function loadHeldPage(db: Db, viewer: Actor, communityId: string, next?: string): Promise<HeldPage> {
  const cursor = decodeCursor(next, SORT, cursorValue.natural);
  const [rows, count] = await Promise.all([
    q.listHeld(db, communityId, HELD_PAGE_SIZE, cursor ? { us: Number(cursor.value), id: cursor.id } : undefined),
    q.countHeld(db, communityId),
  ]);
  const page = pageOf(rows, HELD_PAGE_SIZE, (last) => ({ sort: SORT, value: Number(last.heldUs), id: last.id }));
  const [posts, comments] = await Promise.all([
    getPostsByIds(db, [...new Set(page.rows.map((row) => row.postId))], viewer.id),
    getCommentsByIds(db, page.rows.flatMap((row) => (row.type === 'comment' ? [row.id] : [])), viewer.id),
  ]);
  const postsById = new Map(posts.map((row) => [row.id, presentPost(row, viewer)]));
  const commentsById = new Map(comments.map((row) => [row.id, presentComment(row, viewer)]));
  const items = page.rows.flatMap((row): HeldItem[] => {
    const post = postsById.get(row.postId);
    const comment = row.type === 'comment' ? commentsById.get(row.id) : null;
    if (!post || comment === undefined) return [];
    return [{ type: row.type, post, comment, reason: row.heldReason, heldAt: row.heldAt.toISOString() }];
  });
  return { items, count, next: page.next };
}

/** Approves or removes a held item of the community, for a user the caller checked may moderate it. */
export async function actOnHeld(
  sql: Sql,
  user: Actor,
  communityId: string,
  itemId: string,
  input: v.InferOutput<typeof heldActionBody>,
  jobs: Jobs,
): Promise<void> {
  const held = isUuid(itemId) ? await q.findHeld(sql, communityId, itemId) : undefined;
  if (!held) throw notFound(Messages.notHeld);
  const group = await groupIn(sql, communityId, user);
  if (input.action === 'remove') {
    if (held.type === 'post') await deletePost(sql, user, await loadPostById(sql, itemId, user), { deleteAs: group }, input.reason, jobs);
    else {
      const [comment] = await getCommentsByIds(sql, [itemId], user.id);
      if (!comment) throw notFound(Messages.notHeld);
      await deleteComment(sql, user, comment, group, input.reason, jobs);
    }
    return;
  }
  const approved = held.type === 'post' ? await approvePost(sql, user, group, itemId) : await approveComment(sql, user, group, itemId);
  if (!approved) throw notFound(Messages.notHeld);
  if (held.type === 'comment') await queueNotification(jobs, { kind: 'comment', commentId: itemId });
  await queueNotification(jobs, { kind: 'approved', postId: held.postId, commentId: held.type === 'comment' ? itemId : null, approvedBy: user.id });
}

async function approvePost(sql: Sql, user: Actor, group: 'mods' | 'admins', postId: string): Promise<boolean> {
  const post = await getPostState(sql, postId, true);
  return sql.begin(async (tx) => {
    const published = await q.publishPost(tx, postId);
    if (!published || !post) return false;
    await countPublishedPost(tx, published);
    await recordModAction(tx, {
      kind: 'approve_post',
      communityId: published.communityId,
      actor: { id: user.id, group },
      target: { type: 'post', id: postId },
      targetUserId: published.userId,
      postId,
      details: { title: post.title, publicId: post.publicId, communityName: post.communityName },
    });
    return true;
  });
}

async function approveComment(sql: Sql, user: Actor, group: 'mods' | 'admins', commentId: string): Promise<boolean> {
  const [comment] = await getCommentsByIds(sql, [commentId], null);
  return sql.begin(async (tx) => {
    const published = await q.publishComment(tx, commentId);
    if (!published || !comment) return false;
    await countPublishedComment(tx, published);
    await recordModAction(tx, {
      kind: 'approve_comment',
      communityId: comment.communityId,
      actor: { id: user.id, group },
      target: { type: 'comment', id: commentId },
      targetUserId: published.userId,
      postId: published.postId,
      commentId,
      details: { excerpt: excerptOf(comment.body), title: comment.postTitle, publicId: comment.postPublicId },
    });
    return true;
  });
}
