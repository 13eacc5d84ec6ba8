import { COLLAPSED_HEIGHT_PX, COMMENT_DEPTH_MAX } from '@quorum/shared/constants';
import { formatCount, formatDate } from '@quorum/shared/format';
import type { Comment } from '@quorum/shared/entities/comments';
import type { UserGroup } from '@quorum/shared/entities/users';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { MarkdownBody } from '../../../components/markdown/markdown.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShowMore } from '../../../components/ui/show-more.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { paths } from '../../../config/paths.ts';
import { useRequireLogin } from '../../../lib/session/login-prompt.ts';
import { useIsMuted } from '../../../lib/session/mutes.ts';
import { shortcutItem } from '../../../lib/keyboard-shortcuts.ts';
import { HydratedApart } from '../../../lib/hydrated-apart.tsx';
import { UserGroupBadge } from '../../../components/ui/user-group-badge.tsx';
import { isNewComment, type CommentNode } from '../utils/comment-tree.ts';
import { EditForm, ReplyForm } from './comment-forms.tsx';
import { CommentMenu } from './comment-menu.tsx';
import { CommentVotes } from './comment-votes.tsx';
import { useCommentsContext } from './comments-context.ts';
import './comments.css';

const DELETED_BY: Record<UserGroup, string> = { normal: 'Deleted by author', mods: 'Deleted by mods', admins: 'Deleted by admins' };

/** A tap on the header's own space, not on a link or a button in it (nor the end of a text selection). */
function isHeaderTap(target: EventTarget): boolean {
  if (target instanceof Element && target.closest('a, button')) return false;
  return !window.getSelection()?.toString();
}

function repliesLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'reply' : 'replies'}`;
}

/** Deleted accounts, and the authors of deleted comments (for all but admins), are ghosts. */
function isGhost(comment: Comment): boolean {
  return comment.author === null || comment.userDeleted;
}

/** How the author is named: @username, or [deleted] for a ghost. */
function displayName(comment: Comment): string {
  return isGhost(comment) ? '[deleted]' : `@${comment.author?.username ?? comment.username}`;
}

function CommentHead({ comment, isNew, parentAuthor }: { comment: Comment; isNew: boolean; parentAuthor: string | null }) {
  const { post } = useCommentsContext();
  const name = comment.author?.username ?? comment.username;
  return (
    <div className="comment__head">
      {isGhost(comment) ? (
        <span className="comment__author comment__author--ghost">
          <span className="comment__ghost" aria-hidden="true">
            <Icon name="user" size={13} />
          </span>
          [deleted]
        </span>
      ) : (
        <Link className="comment__author" to={paths.profile.getHref(name)}>
          <UserAvatar username={name} image={comment.author?.proPic} size={20} />
          <span className="comment__author-name">@{name}</span>
        </Link>
      )}
      <UserGroupBadge group={comment.userGroup} />
      <span className="comment__dot" aria-hidden="true">
        ·
      </span>
      <Link className="comment__time" to={paths.comment.getHref(post.communityName, post.publicId, comment.id)} title="Link to this comment" data-shortcut="open">
        <TimeAgo date={comment.createdAt} />
      </Link>
      {comment.editedAt && (
        <span className="comment__edited" title={`Edited ${formatDate(comment.editedAt)}`}>
          edited
        </span>
      )}
      {isNew && <span className="comment__new">new</span>}
      {comment.held && (
        <span className="comment__held" title="Only the author and the moderators can see it until it is approved">
          Awaiting approval
        </span>
      )}
      {parentAuthor && (
        <span className="comment__reply-to">
          <Icon name="back" size={12} />
          <span className="visually-hidden">replying to </span>
          {parentAuthor}
        </span>
      )}
    </div>
  );
}

interface CommentItemProps {
  node: CommentNode;
  /** How the parent comment's author is named, for the 'replying to' note of deep replies. */
  parentAuthor: string | null;
}

/**
 * One comment with its replies: header, body (cut at 500 px), votes, reply, edit and delete in
 * place, and the thread line beside it, which collapses it (as a tap on its header does).
 * Deleted comments keep their place and replies; comments by muted users wait behind a 'show'
 * control. A comment awaiting approval is marked so, and cannot be voted on or replied to yet.
 * Each comment of a drawn page is taken over apart from the rest (HydratedApart).
 */
export function CommentItem(props: CommentItemProps) {
  return (
    <HydratedApart>
      <CommentWithReplies {...props} />
    </HydratedApart>
  );
}

function CommentWithReplies({ node, parentAuthor }: CommentItemProps) {
  const { comment, children, missingReplies } = node;
  const context = useCommentsContext();
  const { post, user, canComment, focusId, replyToFocus } = context;
  const { requireLogin } = useRequireLogin();
  const [collapsed, setCollapsed] = useState(false);
  const [mutedShown, setMutedShown] = useState(false);
  const canReply = canComment && comment.deletedAt === null && !comment.held && comment.depth < COMMENT_DEPTH_MAX;
  const [replying, setReplying] = useState(() => replyToFocus && comment.id === focusId && user !== null && canReply);
  const [editing, setEditing] = useState(false);
  const replyButtonRef = useRef<HTMLButtonElement>(null);

  const deleted = comment.deletedAt !== null;
  const name = displayName(comment);
  const isAuthor = user !== null && comment.userId === user.id;
  const isNew = !isAuthor && isNewComment(comment, post.lastVisitAt);
  // A mute or unmute still waiting in the outbox counts at once, as the server will answer.
  const authorMuted = useIsMuted({ type: 'user', id: comment.userId });
  const hiddenAsMuted = authorMuted && !mutedShown && !deleted;
  const repliesState = context.repliesState(comment.id);
  const toggleLabel = `${collapsed ? 'Expand' : 'Collapse'} comment by ${name}`;
  const toggle = () => setCollapsed((value) => !value);

  const classes = ['comment'];
  if (collapsed) classes.push('comment--collapsed');
  if (comment.id === focusId) classes.push('comment--focused');
  if (isNew) classes.push('comment--new');
  if (deleted) classes.push('comment--deleted');

  return (
    <li className={classes.join(' ')} id={`comment-${comment.id}`} data-depth={comment.depth} data-comment-id={comment.id}>
      <button type="button" className="comment__line" aria-label={toggleLabel} aria-expanded={!collapsed} onClick={toggle} />
      <article className="comment__main" aria-label={`Comment by ${name}`} tabIndex={comment.id === focusId ? -1 : undefined}>
        <div className="comment__own" role="group" aria-label={`Comment by ${name}`} {...shortcutItem({ type: 'comment', id: comment.id, authorId: comment.userId })}>
          {hiddenAsMuted ? (
            <p className="comment__muted">
              Comment by a muted user
              <span aria-hidden="true"> — </span>
              <button type="button" className="link-button" onClick={() => setMutedShown(true)}>
                show
              </button>
            </p>
          ) : (
            <>
              <div
                className="comment__top"
                onClick={(event) => {
                  if (isHeaderTap(event.target)) toggle();
                }}
              >
                <CommentHead comment={comment} isNew={isNew} parentAuthor={parentAuthor} />
                <button type="button" className="comment__toggle" aria-label={toggleLabel} aria-expanded={!collapsed} onClick={toggle} data-shortcut="collapse">
                  <Icon name="chevronDown" size={16} />
                </button>
              </div>
              {collapsed ? (
                children.length + missingReplies > 0 && (
                  <button type="button" className="comment__collapsed-note" onClick={toggle}>
                    {repliesLabel(comment.noReplies)} hidden
                  </button>
                )
              ) : (
                <>
                  {deleted ? (
                    <p className="comment__deleted">{DELETED_BY[comment.deletedAs ?? 'normal']}</p>
                  ) : editing ? (
                    <EditForm comment={comment} onClose={() => setEditing(false)} />
                  ) : (
                    <ShowMore maxHeight={COLLAPSED_HEIGHT_PX.comment} className="comment__body">
                      <MarkdownBody rich>{comment.body}</MarkdownBody>
                    </ShowMore>
                  )}
                  {!deleted && !editing && (
                    <div className="comment__actions">
                      <CommentVotes comment={comment} disabled={post.locked || comment.held} />
                      {canReply && (
                        <button
                          ref={replyButtonRef}
                          type="button"
                          className="action-pill comment__action"
                          aria-expanded={replying}
                          data-shortcut="reply"
                          onClick={requireLogin(() => setReplying((value) => !value))}
                        >
                          <Icon name="comment" size={16} />
                          Reply
                        </button>
                      )}
                      <CommentMenu comment={comment} isAuthor={isAuthor} onEdit={() => setEditing(true)} />
                    </div>
                  )}
                  {replying && (
                    <ReplyForm
                      parent={comment}
                      parentName={name}
                      onClose={() => {
                        setReplying(false);
                        replyButtonRef.current?.focus();
                      }}
                    />
                  )}
                </>
              )}
            </>
          )}
        </div>
        {!collapsed && children.length > 0 && (
          <ol className="comment__replies">
            {children.map((child) => (
              <CommentItem key={child.comment.id} node={child} parentAuthor={hiddenAsMuted ? null : name} />
            ))}
          </ol>
        )}
        {!collapsed && missingReplies > 0 && (
          <div className="comment__more">
            <button
              type="button"
              className="comment__more-button"
              onClick={() => context.loadReplies(comment.id)}
              disabled={repliesState === 'loading'}
              aria-busy={repliesState === 'loading' || undefined}
            >
              {repliesState === 'loading' ? 'Loading replies…' : `${formatCount(missingReplies)} more ${missingReplies === 1 ? 'reply' : 'replies'}`}
            </button>
            {repliesState === 'failed' && <span className="comment__more-error">Couldn't load the replies. Try again.</span>}
          </div>
        )}
      </article>
    </li>
  );
}
