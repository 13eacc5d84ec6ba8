import type { Db } from '../db/connect.ts';
import type { ReportReasonRow } from './present.ts';

export async function listReportReasons(db: Db): Promise<ReportReasonRow[]> {
  return db<ReportReasonRow[]>`select id, title, description from report_reasons order by id`;
}

export async function getReportReasonTitle(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db<{ title: string }[]>`select title from report_reasons where id = ${id}`;
  return row?.title;
}

/** Where reported content lives, who wrote it and whether it is deleted. */
export interface ReportTarget {
  postId: string;
  commentId: string | null;
  communityId: string;
  userId: string;
  deleted: boolean;
}

export async function getPostTarget(db: Db, id: string): Promise<ReportTarget | undefined> {
  const [row] = await db<ReportTarget[]>`
    select id as post_id, null::uuid as comment_id, community_id, user_id, deleted_at is not null as deleted
    from posts where id = ${id}`;
  return row;
}

export async function getCommentTarget(db: Db, id: string): Promise<ReportTarget | undefined> {
  const [row] = await db<ReportTarget[]>`
    select post_id, id as comment_id, community_id, user_id, deleted_at is not null as deleted
    from comments where id = ${id}`;
  return row;
}

export interface NewReport {
  type: 'post' | 'comment';
  target: ReportTarget;
  reasonId: number;
  description: string | null;
  createdBy: string;
}

/** Stores a report for the community's moderators; undefined when this user already reported it. */
export async function insertReport(db: Db, report: NewReport): Promise<{ id: string; createdAt: Date } | undefined> {
  const [row] = await db<{ id: string; createdAt: Date }[]>`
    insert into reports (community_id, type, post_id, comment_id, reason_id, description, created_by)
    values (${report.target.communityId}, ${report.type}, ${report.target.postId}, ${report.target.commentId},
            ${report.reasonId}, ${report.description}, ${report.createdBy})
    on conflict do nothing
    returning id, created_at`;
  return row;
}
