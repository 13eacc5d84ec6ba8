import { ErrorCode, Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type { ReportBody } from '@quorum/shared/schemas/posts';
import type { SessionUser } from '../auth/session-queries.ts';
import type { Db } from '../db/connect.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import * as q from './queries.ts';

/**
 * Reports a post or a comment to its community's moderators, once per user and item. Nobody
 * reports their own content or content already deleted.
 */
export async function createReport(db: Db, user: SessionUser, body: ReportBody): Promise<{ id: string; reason: string; createdAt: Date }> {
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
  return { ...report, reason };
}
