import type { ReportAction, ReportsDetails } from '@quorum/shared/entities/reports';
import type { Db } from '../db/connect.ts';
import type { ReportRow } from './present.ts';

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
  /** Null for a report filed by watched words. */
  createdBy: string | null;
}

/** Stores a report for the community's moderators; undefined when this user already reported it. */
export async function insertReport(db: Db, report: NewReport): Promise<{ id: string } | undefined> {
  const [row] = await db<{ id: string }[]>`
    insert into reports (community_id, type, post_id, comment_id, reason_id, description, created_by)
    values (${report.target.communityId}, ${report.type}, ${report.target.postId}, ${report.target.commentId},
            ${report.reasonId}, ${report.description}, ${report.createdBy})
    on conflict do nothing
    returning id`;
  return row;
}

function selectReports(db: Db) {
  return db`
    select r.id, r.community_id, r.type, r.post_id, r.comment_id, r.reason_id, rr.title as reason, r.description,
      r.created_at, r.action_taken, r.dealt_at, d.username as dealt_by
    from reports r
    join report_reasons rr on rr.id = r.reason_id
    left join users d on d.id = r.dealt_by`;
}

export async function getReport(db: Db, id: string): Promise<ReportRow | undefined> {
  const [row] = await db<ReportRow[]>`${selectReports(db)} where r.id = ${id}`;
  return row;
}

/** One numbered page of a community's open reports, of one type or both, newest first. */
export async function listOpenReports(
  db: Db,
  query: { communityId: string; type: 'post' | 'comment' | null; limit: number; offset: number },
): Promise<ReportRow[]> {
  return db<ReportRow[]>`
    ${selectReports(db)}
    where r.community_id = ${query.communityId} and r.dealt_at is null
      ${query.type ? db`and r.type = ${query.type}` : db``}
    order by r.created_at desc, r.id desc
    limit ${query.limit} offset ${query.offset}`;
}

/** How many reports of a community are open, in all and by type. */
export async function countOpenReports(db: Db, communityId: string): Promise<ReportsDetails> {
  const [row] = await db<ReportsDetails[]>`
    select count(*)::int as no_reports,
      (count(*) filter (where type = 'post'))::int as no_post_reports,
      (count(*) filter (where type = 'comment'))::int as no_comment_reports
    from reports where community_id = ${communityId} and dealt_at is null`;
  return row ?? { noReports: 0, noPostReports: 0, noCommentReports: 0 };
}

/** Closes one open report of a community as ignored; false when there is no such open report. */
/** What an ignored report was about; undefined when there was no open report by that id. */
export interface IgnoredReport {
  postId: string;
  commentId: string | null;
  postTitle: string;
  postPublicId: string;
  authorId: string;
}

export async function ignoreReport(db: Db, communityId: string, reportId: string, by: string): Promise<IgnoredReport | undefined> {
  const [row] = await db<IgnoredReport[]>`
    update reports r set action_taken = 'ignored', dealt_at = now(), dealt_by = ${by}
    from posts p
    where r.id = ${reportId} and r.community_id = ${communityId} and r.dealt_at is null and p.id = r.post_id
    returning r.post_id, r.comment_id, p.title as post_title, p.public_id as post_public_id,
      coalesce((select c.user_id from comments c where c.id = r.comment_id), p.user_id) as author_id`;
  return row;
}

/** What a moderator acted on: one post, one comment, or everything one author wrote in a community. */
export type ReportedItems = { postId: string } | { commentId: string } | { communityId: string; authorId: string };

/** Closes the open reports of what a moderator acted on, recording the action. */
export async function resolveReports(db: Db, items: ReportedItems, action: Exclude<ReportAction, 'ignored'>, by: string): Promise<void> {
  const where =
    'postId' in items
      ? db`type = 'post' and post_id = ${items.postId}`
      : 'commentId' in items
        ? db`comment_id = ${items.commentId}`
        : db`community_id = ${items.communityId} and (
            (type = 'post' and exists (select 1 from posts p where p.id = reports.post_id and p.user_id = ${items.authorId}))
            or (type = 'comment' and exists (select 1 from comments c where c.id = reports.comment_id and c.user_id = ${items.authorId})))`;
  await db`
    update reports set action_taken = ${action}, dealt_at = now(), dealt_by = ${by}
    where dealt_at is null and ${where}`;
}
