import { ErrorCode, Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type { ReportBody } from '@quorum/shared/schemas/posts';
import type { ReportsQuery } from '@quorum/shared/schemas/communities';
import type { Report, ReportsPage } from '@quorum/shared/entities/reports';
import type { SessionUser } from '../auth/session-queries.ts';
import { presentComment } from '../content/comment-present.ts';
import { getCommentsByIds } from '../content/comment-queries.ts';
import { assertCanModerate } from '../content/community-load.ts';
import { presentPost } from '../content/post-present.ts';
import { getPostsByIds } from '../content/post-queries.ts';
import type { Db, Sql } from '../db/connect.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { groupIn, recordModAction } from '../modlog/record.ts';
import { presentReport, type ReportRow } from './present.ts';
import * as q from './queries.ts';

/**
 * Reports a post or a comment to its community's moderators, once per user and item. Nobody
 * reports their own content or content already deleted. Answers the new report's id.
 */
export async function createReport(db: Db, user: SessionUser, body: ReportBody): Promise<string> {
  const [reason, target] = await Promise.all([
    q.getReportReasonTitle(db, body.reason),
    isUuid(body.targetId) ? (body.type === 'post' ? q.getPostTarget(db, body.targetId) : q.getCommentTarget(db, body.targetId)) : undefined,
  ]);
  if (reason === undefined) throw badRequest(Messages.reportNeedsReason);
  if (!target) throw notFound(body.type === 'post' ? Messages.postNotFound : Messages.commentNotFound);
  if (target.deleted) throw badRequest(body.type === 'post' ? Messages.postDeleted : Messages.commentIsDeleted);
  if (target.userId === user.id) throw forbidden(Messages.cannotReportOwn(body.type));
  const report = await q.insertReport(db, {
    type: body.type,
    target,
    reasonId: body.reason,
    description: body.description?.trim() || null,
    createdBy: user.id,
  });
  if (!report) throw conflict(ErrorCode.alreadyReported, Messages.alreadyReported(body.type));
  return report.id;
}

/** Reports with their posts and comments as `viewer` sees them, in the order given. */
async function presentReports(db: Db, rows: ReportRow[], viewer: SessionUser): Promise<Report[]> {
  const postIds = rows.filter((row) => row.type === 'post').map((row) => row.postId);
  const commentIds = rows.flatMap((row) => (row.commentId ? [row.commentId] : []));
  const [posts, comments] = await Promise.all([getPostsByIds(db, postIds, viewer.id), getCommentsByIds(db, commentIds, viewer.id)]);
  const postsById = new Map(posts.map((post) => [post.id, presentPost(post, viewer)]));
  const commentsById = new Map(comments.map((comment) => [comment.id, presentComment(comment, viewer)]));
  return rows.flatMap((row) => {
    const target = row.commentId ? commentsById.get(row.commentId) : postsById.get(row.postId);
    return target ? [presentReport(row, target)] : [];
  });
}

/** One report as `viewer` sees it; a 404 when there is none by that id. */
export async function loadReport(db: Db, id: string, viewer: SessionUser): Promise<Report> {
  const row = isUuid(id) ? await q.getReport(db, id) : undefined;
  const [report] = row ? await presentReports(db, [row], viewer) : [];
  if (!report) throw notFound(Messages.reportNotFound);
  return report;
}

const REPORT_TYPE = { all: null, posts: 'post', comments: 'comment' } as const;

/** Modtools' numbered page of a community's open reports with their counts: its mods and admins only. */
export async function loadReportsPage(db: Db, user: SessionUser, communityId: string, query: ReportsQuery): Promise<ReportsPage> {
  await assertCanModerate(db, user, communityId);
  const [rows, details] = await Promise.all([
    q.listOpenReports(db, { communityId, type: REPORT_TYPE[query.filter], limit: query.limit, offset: (query.page - 1) * query.limit }),
    q.countOpenReports(db, communityId),
  ]);
  return { reports: await presentReports(db, rows, user), details, limit: query.limit, page: query.page };
}

/**
 * Closes an open report of a community as ignored (its mods and admins only). A report already
 * dealt with is answered as it stands; a 404 when the community has no such report.
 */
export async function ignoreReport(sql: Sql, user: SessionUser, communityId: string, reportId: string): Promise<Report> {
  await assertCanModerate(sql, user, communityId);
  if (!isUuid(reportId)) throw notFound(Messages.reportNotFound);
  await sql.begin(async (tx) => {
    const ignored = await q.ignoreReport(tx, communityId, reportId, user.id);
    if (!ignored) return;
    await recordModAction(tx, {
      kind: 'ignore_report',
      communityId,
      actor: { id: user.id, group: await groupIn(tx, communityId, user) },
      target: { type: 'report', id: reportId },
      targetUserId: ignored.authorId,
      postId: ignored.postId,
      commentId: ignored.commentId,
      details: { title: ignored.postTitle, publicId: ignored.postPublicId },
    });
  });
  const report = await loadReport(sql, reportId, user);
  if (report.communityId !== communityId) throw notFound(Messages.reportNotFound);
  return report;
}
