import { Type, type Static } from '@sinclair/typebox';
import { CONTENT_TYPES } from '../constants.ts';
import { Comment } from './comments.ts';
import { Post } from './posts.ts';
import { AnyKind, Nullable, OneOf } from './schema.ts';

/** A post or a comment. */
export type ContentType = (typeof CONTENT_TYPES)[number];

export const ReportReason = Type.Object({ id: Type.Number(), title: Type.String(), description: Nullable(Type.String()) });
export type ReportReason = Static<typeof ReportReason>;

const REPORT_ACTIONS = ['ignored', 'deleted', 'locked', 'banned'] as const;
/** What a moderator did about a report: ignored it, or deleted, locked or banned. */
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const Report = Type.Object({
  id: Type.String(),
  communityId: Type.String(),
  postId: Type.String(),
  type: OneOf(CONTENT_TYPES),
  /** The id of the reported post or comment. */
  targetId: Type.String(),
  /** The reason's title. */
  reason: Type.String(),
  reasonId: Type.Number(),
  description: Nullable(Type.String()),
  createdAt: Type.String(),
  /** Null while the report is open. */
  actionTaken: Nullable(OneOf(REPORT_ACTIONS)),
  dealtAt: Nullable(Type.String()),
  /** The username of the moderator who dealt with it. */
  dealtBy: Nullable(Type.String()),
  /** The post or comment as the viewer may see it. */
  target: AnyKind(Comment, Post),
});
export type Report = Static<typeof Report>;

/** Counts of a community's open reports. */
export const ReportsDetails = Type.Object({ noReports: Type.Number(), noPostReports: Type.Number(), noCommentReports: Type.Number() });
export type ReportsDetails = Static<typeof ReportsDetails>;

/** GET /api/communities/{id}/reports: one numbered page of open reports, newest first. */
export const ReportsPage = Type.Object({ reports: Type.Array(Report), details: ReportsDetails, limit: Type.Number(), page: Type.Number() });
export type ReportsPage = Static<typeof ReportsPage>;
