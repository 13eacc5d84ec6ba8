import { MODTOOLS_PAGE_SIZE, REPORT_FILTERS } from '@quorum/shared/constants';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import type { Report, ReportsDetails } from '@quorum/shared/entities/reports';
import type { UserGroup } from '@quorum/shared/entities/users';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { MarkdownBody } from '../../../components/markdown/markdown.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ReasonField } from '../../../components/ui/reason-field.tsx';
import { Pagination, usePageParam } from '../../../components/ui/pagination.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { UserGroupBadge } from '../../../components/ui/user-group-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { isComment } from '../../../lib/cache/comment-cache.ts';
import { isPost } from '../../../lib/cache/post-cache.ts';
import { useBanFromCommunity } from '../api/ban-from-community.ts';
import { useDeleteReportedComment } from '../api/delete-reported-comment.ts';
import { useDeleteReportedPost } from '../api/delete-reported-post.ts';
import { reportsOptions, type ReportFilter } from '../api/get-reports.ts';
import { useIgnoreReport } from '../api/ignore-report.ts';
import { useLockReportedPost } from '../api/lock-reported-post.ts';
import { ModtoolsListSkeleton } from './list-states.tsx';
import { ModtoolsPage } from './modtools-layout.tsx';

const FILTER_LABELS: Record<ReportFilter, string> = { all: 'All', posts: 'Posts', comments: 'Comments' };

function filterCount(details: ReportsDetails, filter: ReportFilter): number {
  if (filter === 'posts') return details.noPostReports;
  if (filter === 'comments') return details.noCommentReports;
  return details.noReports;
}

function readFilter(search: string): ReportFilter {
  const value = new URLSearchParams(search).get('filter');
  return REPORT_FILTERS.find((filter) => filter === value) ?? 'all';
}

/** All, Posts, Comments as links that keep the address (`?filter=`), each with its count. */
function ReportFilters({ value, details }: { value: ReportFilter; details: ReportsDetails | undefined }) {
  const { pathname } = useLocation();
  return (
    <div className="report-filters" role="group" aria-label="Show reports of">
      {REPORT_FILTERS.map((filter) => (
        <Link
          key={filter}
          className="report-filters__item"
          to={{ pathname, search: filter === 'all' ? '' : `?filter=${filter}` }}
          aria-current={filter === value ? 'true' : undefined}
        >
          {FILTER_LABELS[filter]}
          {details && <span className="report-filters__count">{filterCount(details, filter)}</span>}
        </Link>
      ))}
    </div>
  );
}

/** A reported comment as mods see it: its author, when, its text (or that it was deleted) and a link to it. */
function ReportedComment({ comment }: { comment: Comment }) {
  return (
    <div className="reported-comment">
      <div className="reported-comment__meta">
        <span>@{comment.username}</span>
        <UserGroupBadge group={comment.userGroup} />
        <span aria-hidden="true">·</span>
        <TimeAgo date={comment.createdAt} />
        <span aria-hidden="true">·</span>
        <Link to={paths.comment.getHref(comment.communityName, comment.postPublicId, comment.id)}>View comment</Link>
      </div>
      {comment.deletedAt && <p className="reported-comment__deleted">This comment has been deleted.</p>}
      {comment.body && <MarkdownBody>{comment.body}</MarkdownBody>}
    </div>
  );
}

type Confirming = 'delete' | 'lock' | 'ban' | null;

interface ReportCardProps {
  report: Report;
  community: Community;
  /** The group the viewer acts as here. */
  actAs: UserGroup;
  renderPost: (post: Post) => ReactNode;
}

const CONFIRM_TITLES: Record<Exclude<Confirming, null>, (author: string, community: string, kind: string) => string> = {
  delete: (_author, _community, kind) => `Delete this ${kind}?`,
  lock: () => 'Lock this post?',
  ban: (author, community) => `Ban @${author} from /${community}?`,
};
const CONFIRM_DESCRIPTIONS: Record<Exclude<Confirming, null>, string> = {
  delete: 'Are you sure?',
  lock: 'Nobody will be able to comment or vote on it until it is unlocked.',
  ban: 'They will no longer be able to post, comment or vote in this community.',
};
const CONFIRM_LABELS: Record<Exclude<Confirming, null>, string> = { delete: 'Delete', lock: 'Lock', ban: 'Ban' };

function ReportCard({ report, community, actAs, renderPost }: ReportCardProps) {
  const alerts = useAlerts();
  const [confirming, setConfirming] = useState<Confirming>(null);
  // The reason for the moderation log starts as the report's.
  const [reason, setReason] = useState('');
  const confirm = (action: Exclude<Confirming, null>) => {
    setReason(report.reason);
    setConfirming(action);
  };
  const ignore = useIgnoreReport();
  const deletePost = useDeleteReportedPost();
  const deleteComment = useDeleteReportedComment();
  const lock = useLockReportedPost();
  const ban = useBanFromCommunity();
  const post = isPost(report.target) ? report.target : null;
  const comment = isComment(report.target) ? report.target : null;
  const target = post ?? comment;
  const author = target && !target.userDeleted ? target.username : null;
  const deleted = post ? post.deleted : Boolean(comment?.deletedAt);
  const busy = ignore.isPending || deletePost.isPending || deleteComment.isPending || lock.isPending || ban.isPending;
  const kind = report.type === 'post' ? 'post' : 'comment';

  const onConfirm = () => {
    const done = { onSuccess: () => setConfirming(null) };
    if (confirming === 'delete') {
      if (post) deletePost.mutate({ post, deleteAs: actAs, deleteContent: false, reason }, done);
      else if (comment) deleteComment.mutate({ comment, deleteAs: actAs, reason }, done);
    } else if (confirming === 'lock' && post) {
      lock.mutate({ post, lock: true, as: actAs, reason }, done);
    } else if (confirming === 'ban' && author) {
      ban.mutate({ communityId: community.id, username: author, reason }, { onSettled: () => setConfirming(null) });
    }
  };

  return (
    <article className="card report-card" aria-label={`Report of a ${kind}: ${report.reason}`}>
      <div className="report-card__meta">
        <span className="group-badge report-card__type">{report.type === 'post' ? 'Post' : 'Comment'}</span>
        <span className="report-card__reason">{report.reason}</span>
        <span aria-hidden="true">·</span>
        <span>
          Reported <TimeAgo date={report.createdAt} />
        </span>
      </div>
      {report.description && <p className="report-card__description">{report.description}</p>}
      <div className="report-card__target">{post ? renderPost(post) : comment && <ReportedComment comment={comment} />}</div>
      <div className="report-card__actions">
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => ignore.mutate({ communityId: community.id, reportId: report.id }, { onSuccess: () => alerts.show('Report ignored.') })}
        >
          Ignore
        </button>
        {!deleted && (
          <button type="button" className="button button--small" disabled={busy} onClick={() => confirm('delete')}>
            Delete {kind}
          </button>
        )}
        {post && !post.locked && !post.deleted && (
          <button type="button" className="button button--small" disabled={busy} onClick={() => confirm('lock')}>
            Lock post
          </button>
        )}
        {author && (
          <button type="button" className="button button--small button--danger" disabled={busy} onClick={() => confirm('ban')}>
            Ban @{author}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={CONFIRM_TITLES[confirming ?? 'delete'](author ?? '', community.name, kind)}
        description={CONFIRM_DESCRIPTIONS[confirming ?? 'delete']}
        confirmLabel={CONFIRM_LABELS[confirming ?? 'delete']}
        danger={confirming !== 'lock'}
        busy={busy}
        onClose={() => setConfirming(null)}
        onConfirm={onConfirm}
      >
        <ReasonField value={reason} onChange={setReason} />
      </ConfirmDialog>
    </article>
  );
}

interface ReportsSectionProps {
  community: Community;
  actAs: UserGroup;
  renderPost: (post: Post) => ReactNode;
}

/** The community's open reports, newest first, ten a page, filtered by kind of content. */
export function ReportsSection({ community, actAs, renderPost }: ReportsSectionProps) {
  const { search } = useLocation();
  const filter = readFilter(search);
  const page = usePageParam();
  const query = useQuery(reportsOptions(community.id, filter, page));
  const details = query.data?.details;
  const total = details ? Math.ceil(filterCount(details, filter) / MODTOOLS_PAGE_SIZE) : 0;

  let content: ReactNode;
  if (query.data) {
    content =
      query.data.reports.length === 0 ? (
        <p className="card modtools-empty">No reports.</p>
      ) : (
        <div className="modtools-posts">
          {query.data.reports.map((report) => (
            <ReportCard key={report.id} report={report} community={community} actAs={actAs} renderPost={renderPost} />
          ))}
        </div>
      );
  } else if (query.isError) {
    content = <LoadFailed query={query} variant="compact" className="card modtools-empty" />;
  } else {
    content = <ModtoolsListSkeleton />;
  }

  return (
    <ModtoolsPage title="Reports" actions={<ReportFilters value={filter} details={details} />}>
      {content}
      <Pagination page={page} total={total} label="Reports pages" />
    </ModtoolsPage>
  );
}
