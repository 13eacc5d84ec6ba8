import type { Post } from '@quorum/shared/entities/posts';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../../components/ui/avatar.tsx';
import { Icon } from '../../../../components/ui/icon.tsx';
import { TimeAgo } from '../../../../components/ui/time-ago.tsx';
import { UserGroupBadge } from '../../../../components/ui/user-group-badge.tsx';
import { paths } from '../../../../config/paths.ts';
import './post-card.css';

/** True when the post's author is not shown: a deleted account, or a deleted post to non-admins. */
export function isAuthorHidden(post: Post): boolean {
  return post.userDeleted || post.author === null;
}

interface PostBylineProps {
  post: Post;
  /** Leave the community out (on the community's own page). */
  showCommunity?: boolean;
  /** Smaller, for compact rows. */
  compact?: boolean;
}

/**
 * Where and by whom: community icon and name, @author with the Mod or Admin badge, the time, and
 * the awaiting approval, pinned and locked markers.
 */
export function PostByline({ post, showCommunity = true, compact = false }: PostBylineProps) {
  const pinned = post.isPinnedSite || post.isPinned;
  return (
    <div className={compact ? 'byline byline--compact' : 'byline'}>
      {showCommunity && (
        <Link className="byline__community" to={paths.community.getHref(post.communityName)}>
          <Avatar name={post.communityName} image={post.communityProPic} size={compact ? 18 : 22} />
          <span className="byline__community-name">{post.communityName}</span>
        </Link>
      )}
      <span className="byline__meta">
        {isAuthorHidden(post) ? (
          <span className="byline__author byline__author--deleted">[deleted]</span>
        ) : (
          <Link className="byline__author" to={paths.profile.getHref(post.username)}>
            @{post.username}
          </Link>
        )}
        <UserGroupBadge group={post.userGroup} />
        <span className="byline__dot" aria-hidden="true">
          ·
        </span>
        <TimeAgo date={post.createdAt} className="byline__time" />
      </span>
      {(pinned || post.locked || post.held) && (
        <span className="byline__markers">
          {post.held && (
            <span className="marker marker--held" title="Only the author and the moderators can see it until it is approved">
              <Icon name="shield" size={14} />
              Awaiting approval
            </span>
          )}
          {pinned && (
            <span className="marker marker--pinned" title={post.isPinnedSite ? 'Pinned site-wide' : 'Pinned in this community'}>
              <Icon name="pin" size={14} />
              Pinned
            </span>
          )}
          {post.locked && (
            <span className="marker marker--locked" title="Locked: no new comments or votes">
              <Icon name="lock" size={14} />
              Locked
            </span>
          )}
        </span>
      )}
    </div>
  );
}
