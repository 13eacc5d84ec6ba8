import type { Post } from '@quorum/shared/entities/posts';
import type { UserGroup } from '@quorum/shared/entities/users';
import { Link } from 'react-router-dom';
import { Icon } from '../../../../components/ui/icon.tsx';
import { paths } from '../../../../config/paths.ts';

const BY: Record<UserGroup, string> = { normal: 'the author', mods: 'the moderators', admins: 'the admins' };
const DELETED_BY: Record<UserGroup, string> = { normal: 'Deleted by author', mods: 'Deleted by mods', admins: 'Deleted by admins' };

interface PostBannersProps {
  post: Post;
  /** Whether the viewer wrote the post. */
  isAuthor: boolean;
  /** Whether the viewer may act in the community's mod tools (its mods, the admins). */
  canModerate: boolean;
}

/**
 * Notices above a post's content: awaiting approval (to its author, or to the moderators with the
 * way to their queue), deleted (and by whom), and locked (by the mods or the admins).
 */
export function PostBanners({ post, isAuthor, canModerate }: PostBannersProps) {
  return (
    <>
      {post.held && (
        <p className="post-banner post-banner--held" role="note">
          <Icon name="shield" size={18} />
          {isAuthor ? (
            <span>Awaiting approval — only you and the moderators can see this post.</span>
          ) : (
            <span>
              <strong>Awaiting approval</strong>
              {canModerate && (
                <>
                  {'. '}
                  <Link to={paths.communityModtools.getHref(post.communityName, 'queue')}>Open the approval queue</Link>
                </>
              )}
            </span>
          )}
        </p>
      )}
      {post.deleted && (
        <p className="post-banner post-banner--deleted" role="note">
          <Icon name="trash" size={18} />
          <span>
            <strong>{DELETED_BY[post.deletedAs ?? 'normal']}.</strong> This post has been deleted by {BY[post.deletedAs ?? 'normal']}
            {post.deletedContent ? ', along with its content.' : ' and its content is no longer shown.'}
          </span>
        </p>
      )}
      {post.locked && (
        <p className="post-banner post-banner--locked" role="note">
          <Icon name="lock" size={18} />
          <span>
            This post is locked by {BY[post.lockedByGroup ?? 'mods']}. It can't be voted on, and only moderators and admins can comment.
          </span>
        </p>
      )}
    </>
  );
}
