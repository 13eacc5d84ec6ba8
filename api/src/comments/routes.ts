import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import {
  ADMIN_COMMENTS_PAGE_SIZE, COMMENT_DEPTH_MAX, COMMENT_REPLIES_PER_PAGE, COMMENT_SUBTREE_LIMIT, COMMENTS_PAGE_SIZE,
} from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { commentVoteBody, createCommentBody, updateCommentBody } from '@quorum/shared/schemas/comments';
import type { Comment, CommentsPage, UserGroup } from '@quorum/shared/types';
import { requireUser } from '../auth/plugin.ts';
import { getStanding } from '../communities/policy.ts';
import type { Db, Sql } from '../db/connect.ts';
import { decodeCursor, encodeCursor } from '../http/cursor.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { canActAs, canDeleteAs } from '../posts/policy.ts';
import { presentComment, type CommentRow } from './present.ts';
import * as q from './queries.ts';
import { voteComment } from './votes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const group = v.picklist(['normal', 'mods', 'admins'], 'Invalid user group.');
const listQuery = v.object({ next: v.optional(v.string()), parentId: v.optional(v.pipe(v.string(), v.regex(UUID, 'Comment not found.'))) });
const createQuery = v.object({ userGroup: v.optional(group, 'normal') });
const updateQuery = v.object({ action: v.optional(v.literal('changeAsUser', 'Unknown action.')), userGroup: v.optional(group) });
const deleteQuery = v.object({ deleteAs: v.optional(group, 'normal') });
const adminListQuery = v.object({ next: v.optional(v.string()) });

interface Viewer {
  id: string;
  isAdmin: boolean;
}

/**
 * A page of a thread: top-level comments best first, with their replies up to a budget. The
 * client builds the tree from parentId and asks for a subtree with `parentId` where a comment
 * has more replies than arrived.
 */
export async function loadCommentsPage(db: Db, postId: string, viewer: Viewer | null, next?: string): Promise<CommentsPage> {
  const cursor = decodeCursor(next, 'comments');
  const rows = await q.listTopLevel(db, postId, viewer?.id ?? null, COMMENTS_PAGE_SIZE, cursor && { upvotes: Number(cursor.value), id: cursor.id });
  const top = rows.slice(0, COMMENTS_PAGE_SIZE);
  const replies = await q.listDescendants(db, postId, top.map((c) => c.id), viewer?.id ?? null, COMMENT_REPLIES_PER_PAGE);
  const last = top.at(-1);
  return {
    comments: [...top, ...replies].map((row) => presentComment(row, viewer)),
    next: rows.length > COMMENTS_PAGE_SIZE && last ? encodeCursor({ sort: 'comments', value: last.upvotes, id: last.id }) : null,
  };
}

async function postByPublicId(sql: Sql, publicId: string) {
  const [post] = await sql<{ id: string; communityId: string; locked: boolean; deleted: boolean }[]>`
    select id, community_id, locked_at is not null as locked, deleted_at is not null as deleted
    from posts where public_id = ${publicId}`;
  if (!post) throw notFound('Post not found.');
  return post;
}

const commentsRoutes: FastifyPluginAsync<{ sql: Sql; limits: { create: object; vote: object; edit: object } | false }> = async (
  app,
  { sql, limits },
) => {
  async function loadComment(commentId: string, postId: string, viewerId: string | null): Promise<CommentRow> {
    const comment = UUID.test(commentId) ? await q.getComment(sql, commentId, viewerId) : undefined;
    if (!comment || comment.postId !== postId) throw notFound('Comment not found.');
    return comment;
  }

  async function presented(id: string, viewer: Viewer): Promise<Comment> {
    const row = await q.getComment(sql, id, viewer.id);
    if (!row) throw notFound('Comment not found.');
    return presentComment(row, viewer);
  }

  app.get<{ Params: { publicId: string } }>('/posts/:publicId/comments', async (request): Promise<CommentsPage> => {
    const query = parse(listQuery, request.query);
    const post = await postByPublicId(sql, request.params.publicId);
    const viewer = request.user;
    if (!query.parentId) return loadCommentsPage(sql, post.id, viewer, query.next);
    const parent = await loadComment(query.parentId, post.id, viewer?.id ?? null);
    const replies = await q.listDescendants(sql, post.id, [parent.id], viewer?.id ?? null, COMMENT_SUBTREE_LIMIT);
    return { comments: replies.map((row) => presentComment(row, viewer)), next: null };
  });

  // One comment in its place: the comments above it, the comment, and its replies (a permalink's view).
  app.get<{ Params: { publicId: string; commentId: string } }>('/posts/:publicId/comments/:commentId', async (request): Promise<CommentsPage> => {
    const post = await postByPublicId(sql, request.params.publicId);
    const viewer = request.user;
    const comment = await loadComment(request.params.commentId, post.id, viewer?.id ?? null);
    const [path, replies] = await Promise.all([
      q.listCommentPath(sql, post.id, comment.id, viewer?.id ?? null),
      q.listDescendants(sql, post.id, [comment.id], viewer?.id ?? null, COMMENT_SUBTREE_LIMIT),
    ]);
    return { comments: [...path, ...replies].map((row) => presentComment(row, viewer)), next: null };
  });

  app.post<{ Params: { publicId: string } }>(
    '/posts/:publicId/comments',
    { config: { rateLimit: limits && limits.create } },
    async (request, reply) => {
      const user = requireUser(request);
      const { userGroup } = parse(createQuery, request.query);
      const body = parse(createCommentBody, request.body);
      const post = await postByPublicId(sql, request.params.publicId);
      const standing = await getStanding(sql, post.communityId, user.id);

      if (standing.isBanned) throw forbidden(Messages.bannedFromCommunity, ErrorCode.bannedFromCommunity);
      if (post.deleted) throw forbidden('This post has been deleted.');
      if (post.locked && !standing.isMod && !user.isAdmin) throw new HttpError(403, ErrorCode.postLocked, 'This post is locked.');
      if (!canActAs(user, standing, userGroup)) throw forbidden(`You cannot comment as ${userGroup}.`);

      let parent: CommentRow | null = null;
      if (body.parentCommentId) {
        parent = await loadComment(body.parentCommentId, post.id, user.id);
        if (parent.deletedAt) throw forbidden('You cannot reply to a deleted comment.');
        if (parent.depth + 1 > COMMENT_DEPTH_MAX) throw badRequest(Messages.threadTooDeep, ErrorCode.threadTooDeep);
      }
      const id = await sql.begin((tx) =>
        q.insertComment(tx, {
          postId: post.id,
          communityId: post.communityId,
          userId: user.id,
          userGroup,
          body: body.body,
          parent: parent && { id: parent.id, depth: parent.depth, ancestors: parent.ancestors },
        }),
      );
      return reply.code(201).send(await presented(id, user));
    },
  );

  app.put<{ Params: { publicId: string; commentId: string } }>(
    '/posts/:publicId/comments/:commentId',
    { config: { rateLimit: limits && limits.edit } },
    async (request) => {
      const user = requireUser(request);
      const { action, userGroup } = parse(updateQuery, request.query);
      const post = await postByPublicId(sql, request.params.publicId);
      const comment = await loadComment(request.params.commentId, post.id, user.id);
      if (comment.userId !== user.id) throw forbidden('Only the author can change a comment.');
      if (comment.deletedAt) throw forbidden('A deleted comment cannot be changed.');

      if (action === 'changeAsUser') {
        const as: UserGroup = userGroup ?? 'normal';
        if (!canActAs(user, await getStanding(sql, post.communityId, user.id), as)) throw forbidden(`You cannot comment as ${as}.`);
        await q.setCommentGroup(sql, comment.id, as);
      } else {
        await q.updateCommentBody(sql, comment.id, parse(updateCommentBody, request.body).body);
      }
      return presented(comment.id, user);
    },
  );

  app.delete<{ Params: { publicId: string; commentId: string } }>(
    '/posts/:publicId/comments/:commentId',
    { config: { rateLimit: limits && limits.edit } },
    async (request) => {
      const user = requireUser(request);
      const { deleteAs } = parse(deleteQuery, request.query);
      const post = await postByPublicId(sql, request.params.publicId);
      const comment = await loadComment(request.params.commentId, post.id, user.id);
      const standing = await getStanding(sql, post.communityId, user.id);
      if (!canDeleteAs(user, standing, comment.userId, deleteAs)) throw forbidden();
      await sql.begin((tx) => q.deleteComment(tx, comment, { userId: user.id, as: deleteAs }));
      return presented(comment.id, user);
    },
  );

  app.post('/_commentVote', { config: { rateLimit: limits && limits.vote } }, async (request) => {
    const user = requireUser(request);
    const body = parse(commentVoteBody, request.body);
    if (!UUID.test(body.commentId)) throw notFound('Comment not found.');
    const outcome = await sql.begin((tx) => voteComment(tx, body.commentId, user.id, body.up));
    if (outcome === 'not_found') throw notFound('Comment not found.');
    if (outcome === 'deleted') throw forbidden(Messages.commentDeleted, ErrorCode.commentDeleted);
    if (outcome === 'locked') throw new HttpError(403, ErrorCode.postLocked, 'This post is locked.');
    return presented(body.commentId, user);
  });

  app.get('/comments', async (request): Promise<CommentsPage> => {
    const user = requireUser(request);
    if (!user.isAdmin) throw forbidden();
    const { next } = parse(adminListQuery, request.query);
    const cursor = decodeCursor(next, 'latest-comments');
    const rows = await q.listLatestComments(sql, user.id, ADMIN_COMMENTS_PAGE_SIZE, cursor?.id);
    const page = rows.slice(0, ADMIN_COMMENTS_PAGE_SIZE);
    const last = page.at(-1);
    return {
      comments: page.map((row) => presentComment(row, user)),
      next: rows.length > ADMIN_COMMENTS_PAGE_SIZE && last ? encodeCursor({ sort: 'latest-comments', value: null, id: last.id }) : null,
    };
  });
};

export default commentsRoutes;
