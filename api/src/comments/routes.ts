import type { FastifyPluginAsync } from 'fastify';
import {
  commentsQuery, commentVoteBody, createCommentBody, createCommentQuery, deleteCommentQuery, latestCommentsQuery,
  updateCommentBody, updateCommentQuery,
} from '@quorum/shared/schemas/comments';
import { Comment, CommentsPage } from '@quorum/shared/entities/comments';
import { modReasonBody } from '@quorum/shared/schemas/admin';
import { requireAdmin, requireUser } from '../auth/plugin.ts';
import type { SessionUser } from '../auth/session-queries.ts';
import { presentComment } from '../content/comment-present.ts';
import { loadPostState, loadPostStateByEitherId } from '../content/post-load.ts';
import { loadComment, loadCommentById, loadCommentsPage, loadLatestComments, loadPermalink, loadSubtree } from '../content/thread.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { sendToVisitor, type VisitorCache } from '../http/visitor-cache.ts';
import { changeCommentAs, createComment, deleteComment, editComment, voteComment } from './actions.ts';

type PostParams = { Params: { publicId: string } };
type CommentParams = { Params: { publicId: string; commentId: string } };

export interface CommentsRoutesOptions {
  sql: Sql;
  visitorCache: VisitorCache;
}

const commentsRoutes: FastifyPluginAsync<CommentsRoutesOptions> = async (app, { sql, visitorCache }) => {
  /** A comment as `viewer` sees it after a change. */
  async function presented(commentId: string, viewer: SessionUser): Promise<Comment> {
    return presentComment(await loadCommentById(sql, commentId, viewer.id), viewer);
  }

  app.get<PostParams>('/posts/:publicId/comments', { schema: sends(CommentsPage), config: { reads: 'replica' } }, async (request, reply) => {
    const query = parse(commentsQuery, request.query);
    const db = request.readSql;
    const viewer = request.user;
    const { publicId } = request.params;
    const commentsPage = async (): Promise<CommentsPage> => {
      const post = await loadPostState(db, publicId);
      const thread = query.parentId
        ? await loadSubtree(db, post.id, query.parentId, viewer?.id ?? null)
        : await loadCommentsPage(db, post.id, viewer?.id ?? null, query.next);
      return { comments: thread.rows.map((row) => presentComment(row, viewer)), next: thread.next };
    };
    if (viewer) return commentsPage();
    // A reply thread is read whole: its key leaves out the cursor, as the page does.
    const key = query.parentId ? `replies ${publicId} ${query.parentId.toLowerCase()}` : `comments ${publicId} ${query.next ?? ''}`;
    return sendToVisitor(visitorCache, request, reply, key, commentsPage);
  });

  app.get<CommentParams>('/posts/:publicId/comments/:commentId', {
    schema: sends(CommentsPage),
    config: { reads: 'replica' },
  }, async (request, reply) => {
    const db = request.readSql;
    const viewer = request.user;
    const { publicId, commentId } = request.params;
    const permalink = async (): Promise<CommentsPage> => {
      const post = await loadPostState(db, publicId);
      const thread = await loadPermalink(db, post.id, commentId, viewer?.id ?? null);
      return { comments: thread.rows.map((row) => presentComment(row, viewer)), next: thread.next };
    };
    if (viewer) return permalink();
    return sendToVisitor(visitorCache, request, reply, `permalink ${publicId} ${commentId}`, permalink);
  });

  app.post<PostParams>('/posts/:publicId/comments', {
    schema: sends(Comment),
    config: { limit: 'createComment', idempotent: true },
  }, async (request, reply) => {
    const user = requireUser(request);
    const { userGroup } = parse(createCommentQuery, request.query);
    const body = parse(createCommentBody, request.body);
    const post = await loadPostState(sql, request.params.publicId);
    const id = await createComment(sql, user, post, userGroup, body, app.jobs);
    return reply.code(201).send(await presented(id, user));
  });

  app.put<CommentParams>('/posts/:publicId/comments/:commentId', {
    schema: sends(Comment),
    config: { limit: 'editContent' },
  }, async (request) => {
    const user = requireUser(request);
    const { action, userGroup } = parse(updateCommentQuery, request.query);
    const post = await loadPostStateByEitherId(sql, request.params.publicId);
    const comment = await loadComment(sql, request.params.commentId, post.id, user.id);
    if (action === 'changeAsUser') await changeCommentAs(sql, user, post, comment, userGroup);
    else await editComment(sql, user, post, comment, parse(updateCommentBody, request.body).body);
    return presented(comment.id, user);
  });

  app.delete<CommentParams>('/posts/:publicId/comments/:commentId', {
    schema: sends(Comment),
    config: { limit: 'editContent' },
  }, async (request) => {
    const user = requireUser(request);
    const { deleteAs } = parse(deleteCommentQuery, request.query);
    const post = await loadPostStateByEitherId(sql, request.params.publicId);
    const comment = await loadComment(sql, request.params.commentId, post.id, user.id);
    await deleteComment(sql, user, comment, deleteAs, parse(modReasonBody, request.body).reason, app.jobs);
    return presented(comment.id, user);
  });

  app.post('/_commentVote', { schema: sends(Comment), config: { limit: 'vote', idempotent: 'unflushed' } }, async (request) => {
    const user = requireUser(request);
    const body = parse(commentVoteBody, request.body);
    return presentComment(await voteComment(sql, user, body, app.jobs), user);
  });

  app.get('/comments', { schema: sends(CommentsPage), config: { reads: 'replica' } }, async (request): Promise<CommentsPage> => {
    const user = requireAdmin(request);
    const page = await loadLatestComments(request.readSql, user.id, parse(latestCommentsQuery, request.query).next);
    return { comments: page.rows.map((row) => presentComment(row, user)), next: page.next };
  });
};

export default commentsRoutes;
