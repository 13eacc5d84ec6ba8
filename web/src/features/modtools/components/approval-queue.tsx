import type { HeldItem } from '@quorum/shared/entities/automod';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import { Messages } from '@quorum/shared/errors';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/errors/load-failed.tsx';
import { MarkdownBody } from '../../../components/markdown/markdown.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ReasonField } from '../../../components/ui/reason-field.tsx';
import { TimeAgo } from '../../../components/ui/time-ago.tsx';
import { UserGroupBadge } from '../../../components/ui/user-group-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { heldItemId, heldOptions, useActOnHeld } from '../api/held.ts';
import { ModtoolsListSkeleton } from './list-states.tsx';
import { ModtoolsPage } from './modtools-layout.tsx';

/** Why the item waits: the watched word's rule, or the new-member limits. */
function heldReason(reason: string): string {
  return reason === Messages.newMemberRule ? `Held: ${reason}` : `Held: rule “${reason}”`;
}

/** A held comment as mods see it: the post it is on, its author, when, and its text. */
function HeldComment({ comment, post }: { comment: Comment; post: Post }) {
  return (
    <div className="reported-comment">
      <p className="held-card__on">
        On <Link to={paths.post.getHref(post.communityName, post.publicId)}>{post.title}</Link>
      </p>
      <div className="reported-comment__meta">
        <span>@{comment.username}</span>
        <UserGroupBadge group={comment.userGroup} />
        <span aria-hidden="true">·</span>
        <TimeAgo date={comment.createdAt} />
      </div>
      <MarkdownBody>{comment.body}</MarkdownBody>
    </div>
  );
}

interface HeldCardProps {
  item: HeldItem;
  community: Community;
  renderPost: (post: Post) => ReactNode;
  /** Called as Approve or Remove is sent. */
  onAct: () => void;
}

function HeldCard({ item, community, renderPost, onAct }: HeldCardProps) {
  const act = useActOnHeld();
  const [removing, setRemoving] = useState(false);
  const [reason, setReason] = useState('');
  const kind = item.type === 'post' ? 'post' : 'comment';
  const base = { communityId: community.id, item };

  const approve = () => {
    onAct();
    act.mutate({ ...base, action: 'approve' });
  };
  const remove = () => {
    onAct();
    act.mutate({ ...base, action: 'remove', reason }, { onSettled: () => setRemoving(false) });
  };

  return (
    <article className="card report-card" aria-label={item.comment ? `Held comment by @${item.comment.username}` : `Held post: ${item.post.title}`}>
      <div className="report-card__meta">
        <span className="group-badge report-card__type">{item.type === 'post' ? 'Post' : 'Comment'}</span>
        <span className="report-card__reason">{heldReason(item.reason)}</span>
        <span aria-hidden="true">·</span>
        <span>
          Held <TimeAgo date={item.heldAt} />
        </span>
      </div>
      <div className="report-card__target">{item.comment ? <HeldComment comment={item.comment} post={item.post} /> : renderPost(item.post)}</div>
      <div className="report-card__actions">
        <button type="button" className="button button--small button--primary" disabled={act.isPending} onClick={approve} data-held-approve>
          Approve
        </button>
        <button
          type="button"
          className="button button--small button--danger"
          disabled={act.isPending}
          onClick={() => {
            setReason('');
            setRemoving(true);
          }}
        >
          Remove
        </button>
      </div>
      <ConfirmDialog
        open={removing}
        title={`Remove this ${kind}?`}
        description="It will be deleted and its author told, with the reason if you give one."
        confirmLabel="Remove"
        danger
        busy={act.isPending}
        onClose={() => setRemoving(false)}
        onConfirm={remove}
      >
        <ReasonField value={reason} onChange={setReason} />
      </ConfirmDialog>
    </article>
  );
}

interface ApprovalQueueSectionProps {
  community: Community;
  renderPost: (post: Post) => ReactNode;
}

/** The posts and comments that wait for a moderator's approval, oldest first, each with Approve and Remove. */
export function ApprovalQueueSection({ community, renderPost }: ApprovalQueueSectionProps) {
  const query = useInfiniteQuery(heldOptions(community.id));
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const keptIds = useRef<string[]>([]);
  // Set by an Approve or a Remove of this screen, so that only their cards' leaving moves the focus.
  const acted = useRef(false);
  const ids = items.map(heldItemId);

  // The card acted on leaves with the focus in it: keyboard users go on to the next one (or the empty note).
  useEffect(() => {
    const before = keptIds.current;
    keptIds.current = ids;
    const left = before.findIndex((id) => !ids.includes(id));
    if (left === -1 || !acted.current) return;
    acted.current = false;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-held-approve]') ?? [];
    (buttons[Math.min(left, buttons.length - 1)] ?? emptyRef.current)?.focus();
  });

  let content: ReactNode;
  if (query.data) {
    content =
      items.length === 0 ? (
        <p ref={emptyRef} className="card modtools-empty" tabIndex={-1}>
          Nothing is waiting for approval.
        </p>
      ) : (
        <ul ref={listRef} className="modtools-posts" aria-label="Awaiting approval" aria-busy={isFetchingNextPage || undefined}>
          {items.map((item) => (
            <li key={`${item.type}-${heldItemId(item)}`}>
              <HeldCard item={item} community={community} renderPost={renderPost} onAct={() => (acted.current = true)} />
            </li>
          ))}
        </ul>
      );
  } else if (query.isError) {
    content = <LoadFailed query={query} variant="compact" className="card modtools-empty" />;
  } else {
    content = <ModtoolsListSkeleton />;
  }

  return (
    <ModtoolsPage title="Approval queue">
      {content}
      {isFetchingNextPage && <ModtoolsListSkeleton rows={1} />}
      {hasNextPage && !isFetchingNextPage && (
        <div className="held-queue__more">
          <button type="button" className="button" onClick={() => void fetchNextPage()}>
            Load more
          </button>
          {isFetchNextPageError && (
            <span className="held-queue__error" role="alert">
              Couldn't load more. Try again.
            </span>
          )}
        </div>
      )}
    </ModtoolsPage>
  );
}
