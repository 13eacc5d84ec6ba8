import { REPLY_PARAM } from '@quorum/shared/constants';
import { formatCount } from '@quorum/shared/format';
import type { Post } from '@quorum/shared/entities/posts';
import type { UserGroup } from '@quorum/shared/entities/users';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useIsMobile } from '../../../hooks/use-media-query.ts';
import { useInitialData } from '../../../lib/session/get-initial.ts';
import { useRequireLogin } from '../../../lib/session/login-prompt.ts';
import { commentFormError, useCreateComment, usePendingComments } from '../api/create-comment.ts';
import { useCommentThread } from '../hooks/use-comment-thread.ts';
import { useProgressiveCount } from '../hooks/use-progressive-count.ts';
import { renderBatch } from '../utils/render-batches.ts';
import { CommentBox } from './comment-box.tsx';
import { CommentItem } from './comment-item.tsx';
import { PendingComments } from './pending-comments.tsx';
import { CommentsContext, useCommentsContext, type CommentsContextValue } from './comments-context.ts';
import './comments.css';

interface CommentsSectionProps {
  post: Post;
  /** When the post, with the thread's first page, was fetched. */
  postUpdatedAt: number;
  /** Whether the viewer moderates the post's community. */
  isMod: boolean;
  /** The permalinked comment, if any. */
  focusId: string | null;
  /** The post's comment count moved by `delta` (a comment written or deleted). */
  onCountChange: (delta: number) => void;
}

function commentsLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'comment' : 'comments'}`;
}

/** Why the comment box is not there, or null when it is. */
function closedReason(post: Post, isStaff: boolean, isBanned: boolean): string | null {
  if (post.deleted) return 'This post has been deleted. New comments cannot be posted.';
  if (post.held) return 'Comments open once the moderators approve this post.';
  if (isBanned) return 'You are banned from this community.';
  if (post.locked && !isStaff) {
    const by = post.lockedByGroup === 'admins' ? 'the admins' : 'the moderators';
    return `This post has been locked by ${by}. New comments cannot be posted.`;
  }
  return null;
}

function TopComposer() {
  const { post, user, staffGroups } = useCommentsContext();
  const { promptLogin } = useRequireLogin();
  const create = useCreateComment(post);

  if (!user) {
    return (
      <button type="button" className="comment-box comment-box--prompt" onClick={promptLogin} data-shortcut="comment">
        <span>Add a comment</span>
        <span className="button button--primary button--small">Log in to comment</span>
      </button>
    );
  }
  return (
    <div data-shortcut="comment">
      <CommentBox
        label="Add a comment"
        placeholder="Add a comment"
        submitLabel="Comment"
        staffGroups={staffGroups}
        draft={{ key: `comment:${post.id}`, label: `Comment on “${post.title}”`, href: paths.post.getHref(post.communityName, post.publicId) }}
        pending={create.isPending}
        serverError={commentFormError(create.error)}
        onSubmit={(body, group, done) => create.submit({ body, parentId: null, userGroup: group }, done)}
      />
    </div>
  );
}

function CommentsSkeleton() {
  return (
    <div className="comments__skeleton" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <div key={row} className="comments__skeleton-row">
          <Skeleton width={140} height={14} />
          <Skeleton width="92%" height={14} />
          <Skeleton width="70%" height={14} />
        </div>
      ))}
    </div>
  );
}

/**
 * The comments of a post: the comment box, the thread (top-level comments rendered in batches,
 * 'load more comments' for the next page) and, at a permalink, only that comment's thread with
 * the comment scrolled into view and highlighted.
 */
export function CommentsSection({ post, postUpdatedAt, isMod, focusId, onCountChange }: CommentsSectionProps) {
  const { user, bannedFrom } = useInitialData();
  const [searchParams] = useSearchParams();
  const replyToFocus = focusId !== null && searchParams.has(REPLY_PARAM);
  const headingId = useId();
  const { tree, pages, thread, repliesState, loadReplies } = useCommentThread({ post, postUpdatedAt, focusId });
  const isMobile = useIsMobile();
  const shown = useProgressiveCount(tree.roots.length, renderBatch(isMobile));

  const staffGroups = useMemo(() => {
    const groups: UserGroup[] = [];
    if (isMod) groups.push('mods');
    if (user?.isAdmin) groups.push('admins');
    return groups;
  }, [isMod, user?.isAdmin]);
  const isBanned = user !== null && bannedFrom.includes(post.communityId);
  const hasPending = usePendingComments(post.publicId).length > 0;
  const closed = closedReason(post, staffGroups.length > 0, isBanned);

  const context = useMemo<CommentsContextValue>(
    () => ({
      post,
      user,
      staffGroups,
      canComment: closed === null,
      focusId,
      replyToFocus,
      loadReplies,
      repliesState: (parentId) => repliesState.get(parentId) ?? 'idle',
      onCountChange,
    }),
    [post, user, staffGroups, closed, focusId, replyToFocus, loadReplies, repliesState, onCountChange],
  );

  // A permalink scrolls its comment into view once, when it first shows.
  const scrolledTo = useRef<string | null>(null);
  const focusShown = focusId !== null && tree.byId.has(focusId);
  useEffect(() => {
    if (!focusId || !focusShown || scrolledTo.current === focusId) return;
    scrolledTo.current = focusId;
    const element = document.getElementById(`comment-${focusId}`);
    element?.scrollIntoView({ block: 'center' });
    // Its reply box, opened with it, comes before its replies' own.
    const target = replyToFocus ? element?.querySelector<HTMLElement>('textarea') : null;
    (target ?? element?.querySelector<HTMLElement>('.comment__main'))?.focus({ preventScroll: true });
  }, [focusId, focusShown, replyToFocus]);

  const focusLoading = focusId !== null && !focusShown && thread.isFetching;
  const focusMissing = focusId !== null && !focusShown && (thread.isError || thread.isSuccess);
  const loading = (pages.data === undefined && pages.isPending) || focusLoading;

  return (
    <CommentsContext.Provider value={context}>
      <section id="comments" className="comments card" aria-labelledby={headingId}>
        <header className="comments__header">
          <h2 id={headingId} className="comments__title">
            {commentsLabel(post.noComments)}
          </h2>
          {post.newComments > 0 && (
            <span className="comments__new-count">
              {formatCount(post.newComments)} new {post.newComments === 1 ? 'comment' : 'comments'}
            </span>
          )}
        </header>

        {closed === null ? (
          !focusId && <TopComposer />
        ) : (
          <p className="notice comments__closed" role="note">
            <Icon name="lock" size={16} />
            {closed}
          </p>
        )}

        {focusId && (
          <div className="comments__focus">
            <span>{focusMissing ? "That comment doesn't exist or was removed." : 'Showing a single comment thread.'}</span>
            <Link to={paths.post.getHref(post.communityName, post.publicId)} className="comments__focus-link">
              View all comments
            </Link>
          </div>
        )}

        <PendingComments publicId={post.publicId} />

        {loading ? (
          <CommentsSkeleton />
        ) : pages.isError && pages.data === undefined ? (
          <LoadFailed query={pages} variant="compact" className="comments__error" message="Couldn't load the comments." />
        ) : tree.roots.length === 0 && !focusId ? (
          hasPending ? null : (
            <p className="comments__empty">{closed === null ? 'No comments yet. Start the conversation.' : 'No comments yet.'}</p>
          )
        ) : (
          <ol className="comments__list">
            {tree.roots.slice(0, shown).map((node) => (
              <CommentItem key={node.comment.id} node={node} parentAuthor={null} />
            ))}
          </ol>
        )}

        {!focusId && shown >= tree.roots.length && pages.hasNextPage && (
          <div className="comments__more">
            <button
              type="button"
              className="button"
              onClick={() => void pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
              aria-busy={pages.isFetchingNextPage || undefined}
            >
              {pages.isFetchingNextPage ? 'Loading…' : 'Load more comments'}
            </button>
            {pages.isFetchNextPageError && <span className="comments__more-error">Couldn't load more comments. Try again.</span>}
          </div>
        )}
      </section>
    </CommentsContext.Provider>
  );
}
