import type { Post } from '@quorum/shared/entities/posts';
import type { UserGroup } from '@quorum/shared/entities/users';
import { Icon } from '../../../../components/ui/icon.tsx';

const BY: Record<UserGroup, string> = { normal: 'the author', mods: 'the moderators', admins: 'the admins' };
const DELETED_BY: Record<UserGroup, string> = { normal: 'Deleted by author', mods: 'Deleted by mods', admins: 'Deleted by admins' };

/** Notices above a post's content: deleted (and by whom), and locked (by the mods or the admins). */
export function PostBanners({ post }: { post: Post }) {
  return (
    <>
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
