import { formatCount } from '@quorum/shared/format';
import type { Community } from '@quorum/shared/entities/communities';
import type { SearchResult } from '@quorum/shared/entities/search';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { markdownToText } from '../../../components/markdown/markdown-text.ts';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { paths } from '../../../config/paths.ts';
import { Highlighted } from './highlighted.tsx';

const count = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

function AuthorLink({ username, deleted }: { username: string; deleted: boolean }) {
  if (deleted) return <span>[deleted]</span>;
  return (
    <Link to={paths.profile.getHref(username)} className="search-result__author">
      @{username}
    </Link>
  );
}

export interface SearchResultItemProps {
  result: SearchResult;
  /** How a community is shown (the communities feature's row, with its Join button). */
  renderCommunity: (community: Community) => ReactNode;
}

/** One search result: a post, a comment, a community or a user, each linking to its page. */
export function SearchResultItem({ result, renderCommunity }: SearchResultItemProps) {
  switch (result.type) {
    case 'post': {
      const { post, highlight } = result;
      const points = post.upvotes - post.downvotes;
      return (
        <article className="search-result">
          <p className="search-result__context">
            <Link to={paths.community.getHref(post.communityName)} className="search-result__community">
              /{post.communityName}
            </Link>
            <span aria-hidden="true">·</span>
            <AuthorLink username={post.username} deleted={post.userDeleted} />
            <span aria-hidden="true">·</span>
            <TimeAgo date={post.createdAt} />
          </p>
          <h2 className="search-result__title">
            <Link to={paths.post.getHref(post.communityName, post.publicId)} className="search-result__link">
              <Highlighted html={highlight.title} />
            </Link>
          </h2>
          {highlight.body && (
            <p className="search-result__excerpt">
              <Highlighted html={highlight.body} markdown />
            </p>
          )}
          <p className="search-result__meta">
            {count(points, 'point', 'points')} · {count(post.noComments, 'comment', 'comments')}
          </p>
        </article>
      );
    }
    case 'comment': {
      const { comment, highlight } = result;
      const points = comment.upvotes - comment.downvotes;
      return (
        <article className="search-result">
          <p className="search-result__context">
            <AuthorLink username={comment.username} deleted={comment.userDeleted} />
            <span>commented in</span>
            <Link to={paths.community.getHref(comment.communityName)} className="search-result__community">
              /{comment.communityName}
            </Link>
            <span aria-hidden="true">·</span>
            <TimeAgo date={comment.createdAt} />
          </p>
          {comment.postTitle && (
            <p className="search-result__post">
              On{' '}
              <Link to={paths.post.getHref(comment.communityName, comment.postPublicId)} className="search-result__post-link">
                {comment.postTitle}
              </Link>
            </p>
          )}
          <p className="search-result__excerpt search-result__excerpt--comment">
            <Link to={paths.comment.getHref(comment.communityName, comment.postPublicId, comment.id)} className="search-result__link">
              <Highlighted html={highlight.body} markdown />
            </Link>
          </p>
          <p className="search-result__meta">{count(points, 'point', 'points')}</p>
        </article>
      );
    }
    case 'community':
      return renderCommunity(result.community);
    case 'user': {
      const { user } = result;
      return (
        <article className="search-result search-result--user">
          <UserAvatar username={user.username} image={user.proPic} size={44} />
          <div className="search-result__text">
            <h2 className="search-result__title">
              <Link to={paths.profile.getHref(user.username)} className="search-result__link">
                @{user.username}
              </Link>
            </h2>
            <p className="search-result__meta">
              {count(user.points, 'point', 'points')} · {count(user.noPosts, 'post', 'posts')} · {count(user.noComments, 'comment', 'comments')}
            </p>
            {user.aboutMe && <p className="search-result__excerpt">{markdownToText(user.aboutMe)}</p>}
          </div>
        </article>
      );
    }
  }
}

export function SearchResultSkeleton() {
  return (
    <div className="search-result" aria-hidden="true">
      <Skeleton width="40%" height={14} />
      <Skeleton width="85%" height={20} />
      <Skeleton width="70%" height={14} />
    </div>
  );
}
