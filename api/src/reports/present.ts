import type { Comment } from '@quorum/shared/entities/comments';
import type { Post } from '@quorum/shared/entities/posts';
import type { Report, ReportAction, ReportReason } from '@quorum/shared/entities/reports';

export interface ReportReasonRow {
  id: number;
  title: string;
  description: string | null;
}

export function presentReportReason(row: ReportReasonRow): ReportReason {
  return { id: row.id, title: row.title, description: row.description };
}

export interface ReportRow {
  id: string;
  communityId: string;
  type: 'post' | 'comment';
  postId: string;
  commentId: string | null;
  reasonId: number;
  reason: string;
  description: string | null;
  createdAt: Date;
  actionTaken: ReportAction | null;
  dealtAt: Date | null;
  /** The username of the moderator who dealt with it. */
  dealtBy: string | null;
}

/** A report with its target, presented as the viewer may see it. */
export function presentReport(row: ReportRow, target: Post | Comment): Report {
  return {
    id: row.id,
    communityId: row.communityId,
    postId: row.postId,
    type: row.type,
    targetId: row.commentId ?? row.postId,
    reason: row.reason,
    reasonId: row.reasonId,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    actionTaken: row.actionTaken,
    dealtAt: row.dealtAt?.toISOString() ?? null,
    dealtBy: row.dealtBy,
    target,
  };
}
