import { formatCount, formatDate } from '@quorum/shared/format';
import type { Post } from '@quorum/shared/entities/posts';
import { useIsSaved } from '../../../../lib/saved-to.ts';
import { Icon } from '../../../../components/ui/icon.tsx';
import { useContentActions } from '../../../../lib/content-actions.ts';
import { shortcutItem } from '../../../../lib/keyboard-shortcuts.ts';
import { useSessionUser } from '../../../../lib/session/get-initial.ts';
import { PostByline } from '../post-card/post-byline.tsx';
import { PostVotes } from '../post-card/post-votes.tsx';
import { PostBanners } from './post-banners.tsx';
import { PostContent } from './post-content.tsx';
import { PostManageMenu } from './post-manage-menu.tsx';
import { ShareMenu } from './share-menu.tsx';
import { VoteBar } from './vote-bar.tsx';
import './post-page.css';

interface PostViewProps {
  post: Post;
  /** Whether the viewer moderates the post's community. */
  isMod: boolean;
}

/**
 * A post on its own page: byline, title, banners, content (stripped once deleted), votes with the
 * share of upvotes, the comment count, sharing and the author's, mods' and admins' actions.
 */
export function PostView({ post, isMod }: PostViewProps) {
  const user = useSessionUser();
  const content = useContentActions();
  const target = { type: 'post', id: post.id, authorId: post.userId } as const;
  const saved = useIsSaved(target, user !== null);

  return (
    <article className="post-page card" aria-labelledby="post-title" data-post-id={post.id} {...shortcutItem(target)}>
      <header className="post-page__header">
        <PostByline post={post} />
        {post.editedAt && (
          <span className="post-page__edited" title={`Edited ${formatDate(post.editedAt)}`}>
            Edited
          </span>
        )}
      </header>
      <h1 id="post-title" className="post-page__title">
        {post.title}
      </h1>
      <PostBanners post={post} isAuthor={user?.id === post.userId} canModerate={isMod || user?.isAdmin === true} />
      {!post.deleted && <PostContent post={post} embedsOff={user?.embedsOff === true} />}
      <footer className="post-page__footer">
        <div className="post-page__votes">
          <PostVotes post={post} disabled={post.deleted} />
          <VoteBar post={post} />
        </div>
        <div className="post-page__actions">
          <a className="button button--ghost post-page__action" href="#comments">
            <Icon name="comment" size={18} />
            <span>{formatCount(post.noComments)}</span>
            <span className="visually-hidden">{post.noComments === 1 ? ' comment' : ' comments'}</span>
          </a>
          <ShareMenu post={post} />
          {/* The name stays Save, a toggle's name; aria-pressed and the visible word say whether it is saved. */}
          <button
            type="button"
            className="button button--ghost post-page__action"
            aria-label="Save"
            aria-pressed={saved}
            onClick={() => content.save(target)}
          >
            <Icon name="bookmark" size={18} fill={saved ? 'currentColor' : 'none'} />
            <span className="post-page__action-label post-page__toggle-label" data-widest="Saved">
              <span>{saved ? 'Saved' : 'Save'}</span>
            </span>
          </button>
          {user?.id !== post.userId && !post.deleted && (
            <button type="button" className="button button--ghost post-page__action" aria-label="Report" onClick={() => content.report(target)}>
              <Icon name="flag" size={18} />
              <span className="post-page__action-label">Report</span>
            </button>
          )}
          <PostManageMenu post={post} isMod={isMod} />
        </div>
      </footer>
    </article>
  );
}
