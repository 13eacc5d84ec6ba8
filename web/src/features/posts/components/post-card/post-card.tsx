import { COLLAPSED_HEIGHT_PX } from '@quorum/shared/constants';
import { formatCount } from '@quorum/shared/format';
import type { Image } from '@quorum/shared/entities/images';
import type { Post } from '@quorum/shared/entities/posts';
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Icon } from '../../../../components/ui/icon.tsx';
import { ImageView } from '../../../../components/ui/image-view.tsx';
import { ShowMore } from '../../../../components/ui/show-more.tsx';
import { MarkdownBody } from '../../../../components/markdown/markdown.tsx';
import { paths } from '../../../../config/paths.ts';
import { shortcutItem } from '../../../../lib/keyboard-shortcuts.ts';
import { useSetPostHidden } from '../../api/hide-post.ts';
import { PostByline } from './post-byline.tsx';
import { PostMenu } from './post-menu.tsx';
import { PostVotes } from './post-votes.tsx';
import './post-card.css';

export type PostCardLayout = 'card' | 'compact';

interface PostCardProps {
  post: Post;
  layout?: PostCardLayout;
  /** Load its pictures at once (the first posts of a feed). */
  eager?: boolean;
  /** Leave the community out of the byline (on the community's own page). */
  showCommunity?: boolean;
  /** Voting off whether or not the post is locked (posts shown in modtools). */
  votingDisabled?: boolean;
}

/** Clicks on these go where they point; a click anywhere else on the card opens the post. */
const INTERACTIVE = 'a, button, input, textarea, select, label, summary, dialog, [role="menu"]';

function firstImage(post: Post): Image | null {
  if (post.type === 'image') return post.images[0] ?? post.image;
  if (post.type === 'link') return post.link?.image ?? null;
  return null;
}

function commentsLabel(post: Post): string {
  return `${formatCount(post.noComments)} ${post.noComments === 1 ? 'comment' : 'comments'}`;
}

function HiddenPost({ post }: { post: Post }) {
  const setHidden = useSetPostHidden();
  const undoRef = useRef<HTMLButtonElement>(null);
  // The menu that hid the post is gone with the card; keyboard users land on Undo instead of the page top.
  useEffect(() => {
    if (document.activeElement === document.body) undoRef.current?.focus();
  }, []);
  return (
    <div className="post-card post-card--hidden" role="status">
      <Icon name="eyeOff" size={18} />
      <span className="post-card__hidden-text">Hidden post</span>
      <button ref={undoRef} type="button" className="button button--ghost post-card__undo" onClick={() => setHidden.mutate({ post, hidden: false })}>
        Undo
      </button>
    </div>
  );
}

function LinkHost({ post }: { post: Post }) {
  if (!post.link) return null;
  return (
    <a className="post-card__host" href={post.link.url} target="_blank" rel="noopener noreferrer nofollow ugc">
      <span className="post-card__host-name">{post.link.hostname}</span>
      <Icon name="externalLink" size={14} />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** The picture of an image post, as big as the card allows, with the number of pictures. */
function CardImage({ post, image, href, eager }: { post: Post; image: Image; href: string; eager: boolean }) {
  const count = post.images.length;
  return (
    <Link to={href} className="post-card__media" tabIndex={-1} aria-hidden="true">
      <ImageView image={image} sizes="(max-width: 767px) 100vw, 640px" eager={eager} className="post-card__image" />
      {count > 1 && (
        <span className="image-badge post-card__count">
          <Icon name="images" size={14} />
          {count}
        </span>
      )}
    </Link>
  );
}

/** A small square picture: the image post's first picture, or the link's preview. */
function Thumbnail({ post, image, href, eager }: { post: Post; image: Image; href: string; eager: boolean }) {
  const external = post.type === 'link' && post.link;
  const content = (
    <>
      <ImageView image={image} sizes="120px" fit="cover" eager={eager} alt="" />
      {post.type === 'image' && post.images.length > 1 && (
        <span className="image-badge post-card__count post-card__count--small">
          <Icon name="images" size={12} />
          {post.images.length}
        </span>
      )}
      {post.type === 'link' && (
        <span className="post-card__thumb-badge">
          <Icon name="externalLink" size={12} />
        </span>
      )}
    </>
  );
  return external ? (
    <a className="post-card__thumb" href={external.url} target="_blank" rel="noopener noreferrer nofollow ugc" tabIndex={-1} aria-hidden="true">
      {content}
    </a>
  ) : (
    <Link className="post-card__thumb" to={href} tabIndex={-1} aria-hidden="true">
      {content}
    </Link>
  );
}

/**
 * A post in a feed, as a card (byline, title, preview of the body or picture, actions) or as a
 * compact row (votes, title and a thumbnail). Hidden posts shrink to a 'Hidden post' line with Undo.
 */
export function PostCard({ post, layout = 'card', eager = false, showCommunity = true, votingDisabled = false }: PostCardProps) {
  const navigate = useNavigate();
  const titleId = useId();
  if (post.hidden) return <HiddenPost post={post} />;

  const href = paths.post.getHref(post.communityName, post.publicId);
  const image = firstImage(post);
  const shortcutMarks = shortcutItem({ type: 'post', id: post.id, authorId: post.userId });

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return;
    navigate(href);
  };

  const title = (
    <h2 className="post-card__title" id={titleId}>
      <Link to={href} className="post-card__title-link" data-shortcut="open">
        {post.title}
      </Link>
    </h2>
  );

  const comments = (
    <Link to={href} className="action-pill post-card__action" aria-label={`${commentsLabel(post)}${post.newComments > 0 ? `, ${post.newComments} new` : ''}`}>
      <Icon name="comment" size={18} />
      <span>{commentsLabel(post)}</span>
      {post.newComments > 0 && <span className="post-card__new">+{formatCount(post.newComments)} new</span>}
    </Link>
  );

  if (layout === 'compact') {
    return (
      <article className="post-card post-card--compact" aria-labelledby={titleId} onClick={onClick} data-post-id={post.id} {...shortcutMarks}>
        <PostVotes post={post} orientation="column" disabled={votingDisabled} />
        <div className="post-card__main">
          <PostByline post={post} showCommunity={showCommunity} compact />
          {title}
          <div className="post-card__footer">
            {comments}
            <LinkHost post={post} />
          </div>
        </div>
        {image && <Thumbnail post={post} image={image} href={href} eager={eager} />}
        <PostMenu post={post} />
      </article>
    );
  }

  return (
    <article className="post-card post-card--card" aria-labelledby={titleId} onClick={onClick} data-post-id={post.id} {...shortcutMarks}>
      <header className="post-card__header">
        <PostByline post={post} showCommunity={showCommunity} />
        <PostMenu post={post} />
      </header>
      {post.type === 'link' && image ? (
        <div className="post-card__link-row">
          <div className="post-card__link-text">
            {title}
            <LinkHost post={post} />
          </div>
          <Thumbnail post={post} image={image} href={href} eager={eager} />
        </div>
      ) : (
        <>
          {title}
          {post.type === 'link' && <LinkHost post={post} />}
        </>
      )}
      {post.type === 'text' && post.body && (
        <ShowMore maxHeight={COLLAPSED_HEIGHT_PX.textPostPreview} className="post-card__body">
          <MarkdownBody rich>{post.body}</MarkdownBody>
        </ShowMore>
      )}
      {post.type === 'image' && image && <CardImage post={post} image={image} href={href} eager={eager} />}
      <footer className="post-card__footer">
        <PostVotes post={post} disabled={votingDisabled} />
        {comments}
      </footer>
    </article>
  );
}
