import type { Comment } from '@quorum/shared/entities/comments';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { paths } from '../../../config/paths.ts';
import { latestCommentsOptions } from '../api/get-comments.ts';
import { AdminList } from './admin-list.tsx';
import { AdminPageHeader } from './admin-layout.tsx';

/** A comment's text cut short for the list; the link opens the whole comment in its thread. */
function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 280 ? `${flat.slice(0, 280)}…` : flat;
}

function CommentRow({ comment }: { comment: Comment }) {
  return (
    <div className="admin-row__main">
      <span className="admin-row__meta">
        {comment.userDeleted ? '[deleted]' : <Link to={paths.profile.getHref(comment.username)}>@{comment.username}</Link>} in{' '}
        <Link to={paths.community.getHref(comment.communityName)}>/{comment.communityName}</Link> · <TimeAgo date={comment.createdAt} />
        {comment.deleted && (
          <>
            {' '}
            · <span className="admin-state admin-state--danger">Deleted</span>
          </>
        )}
      </span>
      <Link className="admin-row__name" to={paths.comment.getHref(comment.communityName, comment.postPublicId, comment.id)}>
        {comment.postTitle ?? 'Comment'}
      </Link>
      <p className="admin-row__text">{excerpt(comment.body)}</p>
    </div>
  );
}

/** /admin/comments: the latest comments of the site, each linked to its place in its thread. */
export function AdminComments() {
  const query = useInfiniteQuery(latestCommentsOptions());
  const comments = query.data?.pages.flatMap((page) => page.comments) ?? [];
  return (
    <>
      <AdminPageHeader title="Comments" />
      <AdminList label="Comments" query={query} items={comments} getKey={(comment) => comment.id} renderItem={(comment) => <CommentRow comment={comment} />} />
    </>
  );
}
