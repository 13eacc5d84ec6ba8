import type { Post } from '@quorum/shared/entities/posts';
import type { UserGroup } from '@quorum/shared/entities/users';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../../../../components/ui/icon.tsx';
import { MenuButton, MenuLink, MenuSeparator } from '../../../../components/ui/menu.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { ReasonField } from '../../../../components/ui/reason-field.tsx';
import { paths } from '../../../../config/paths.ts';
import { useAlerts } from '../../../../lib/alerts-context.tsx';
import { useCopyId } from '../../../../lib/clipboard.ts';
import { useSessionUser } from '../../../../lib/session/get-initial.ts';
import { useDeletePost } from '../../api/delete-post.ts';
import { useAnnouncePost } from '../../api/announce-post.ts';
import { useChangePostGroup } from '../../api/change-post-group.ts';
import { useLockPost } from '../../api/lock-post.ts';
import { usePinPost } from '../../api/pin-post.ts';
import { PostPageActionMenu } from './post-page-action.tsx';

const AS_LABEL: Record<UserGroup, string> = { normal: 'yourself', mods: 'mod', admins: 'admin' };

type Dialog = { kind: 'delete'; as: UserGroup; contentOnly: boolean } | { kind: 'lock'; as: UserGroup } | { kind: 'announce' } | null;

/** Whether the post still has pictures or a link that can be deleted apart from it. */
function hasContent(post: Post): boolean {
  return !post.deletedContent && ((post.type === 'image' && post.images.length > 0) || (post.type === 'link' && post.link !== null));
}

function contentName(post: Post): string {
  if (post.type === 'link') return 'link';
  return post.images.length > 1 ? 'images' : 'image';
}

function DeleteDialog({ post, as, contentOnly, onClose }: { post: Post; as: UserGroup; contentOnly: boolean; onClose: () => void }) {
  const remove = useDeletePost();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [withContent, setWithContent] = useState(contentOnly);
  const [reason, setReason] = useState('');
  const checkboxId = useId();
  // Mods delete posts but not their pictures or links: only authors and admins do.
  const mayDeleteContent = hasContent(post) && as !== 'mods';
  const what = contentName(post);
  const description = contentOnly
    ? `The post's ${what} will be deleted for good.`
    : as === 'normal'
      ? 'Your post will be deleted. Its comments stay.'
      : `The post will be deleted as ${as === 'admins' ? 'an admin' : 'a moderator'}. Its comments stay.`;

  return (
    <ConfirmDialog
      open
      title="Are you sure?"
      description={description}
      confirmLabel={contentOnly ? `Delete ${what}` : 'Delete'}
      danger
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutate(
          { post, deleteAs: as, deleteContent: mayDeleteContent && withContent, reason: as === 'normal' ? null : reason },
          {
            onSuccess: () => {
              if (as !== 'normal' || contentOnly) return;
              // Authors leave the page of what they deleted; moderators stay to see it deleted.
              alerts.show('Post deleted.');
              navigate(paths.community.getHref(post.communityName), { replace: true });
            },
            onSettled: onClose,
          },
        )
      }
      onClose={onClose}
    >
      <div className="form__fields">
        {mayDeleteContent && !contentOnly && (
          <label className="checkbox-row" htmlFor={checkboxId}>
            <input id={checkboxId} type="checkbox" checked={withContent} onChange={(event) => setWithContent(event.target.checked)} />
            Also delete the {what}
          </label>
        )}
        {as !== 'normal' && <ReasonField value={reason} onChange={setReason} />}
      </div>
    </ConfirmDialog>
  );
}

/** Locking asks for an optional reason first; unlocking is immediate. */
function LockDialog({ post, as, onClose }: { post: Post; as: UserGroup; onClose: () => void }) {
  const lock = useLockPost();
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      open
      title="Lock this post?"
      description={`Nobody will be able to comment or vote on it until it is unlocked. It will be locked as ${as === 'admins' ? 'an admin' : 'a moderator'}.`}
      confirmLabel="Lock"
      busy={lock.isPending}
      onConfirm={() => lock.mutate({ post, lock: true, as, reason }, { onSettled: onClose })}
      onClose={onClose}
    >
      <ReasonField value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}

function AnnounceDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const announce = useAnnouncePost();
  return (
    <ConfirmDialog
      open
      title="Announce this post?"
      description="Are you sure? This will send a notification to all users."
      confirmLabel="Announce"
      busy={announce.isPending}
      onConfirm={() => announce.mutate(post, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}

interface PostManageMenuProps {
  post: Post;
  /** Whether the viewer moderates the post's community. */
  isMod: boolean;
}

/**
 * What the author, the community's moderators and admins can do to a post: edit, delete (and
 * delete its image or link later), speak as a mod or an admin, lock, pin, pin site-wide and
 * announce; admins also copy its id. Only what the server would allow is offered.
 */
export function PostManageMenu({ post, isMod }: PostManageMenuProps) {
  const user = useSessionUser();
  const [dialog, setDialog] = useState<Dialog>(null);
  const lock = useLockPost();
  const pin = usePinPost();
  const changeGroup = useChangePostGroup();
  const copyId = useCopyId();
  if (!user) return null;

  const isAuthor = post.userId === user.id;
  const isAdmin = user.isAdmin;
  const staff: UserGroup[] = [...(isMod ? (['mods'] as const) : []), ...(isAdmin ? (['admins'] as const) : [])];
  if (!isAuthor && staff.length === 0) return null;

  const speakAs = isAuthor && !post.deleted ? (['normal', ...staff] as UserGroup[]).filter((group) => group !== post.userGroup) : [];
  const lockGroups: UserGroup[] = post.locked
    ? [post.lockedByGroup && staff.includes(post.lockedByGroup) ? post.lockedByGroup : (staff[0] ?? 'mods')]
    : staff;
  const content = contentName(post);
  const authorItems = isAuthor && !post.deleted;
  const contentItem = post.deleted && hasContent(post) && (isAuthor || isAdmin);
  if (!authorItems && !contentItem && speakAs.length === 0 && staff.length === 0) return null;

  return (
    <>
      <PostPageActionMenu name="Manage post" label="Manage" icon="settings" align="end">
        {authorItems && (
          <>
            <MenuLink to={paths.newPost.getHref({ edit: post.publicId })}>
              <Icon name="document" />
              Edit
            </MenuLink>
            <MenuButton onSelect={() => setDialog({ kind: 'delete', as: 'normal', contentOnly: false })}>
              <Icon name="trash" />
              Delete
            </MenuButton>
          </>
        )}
        {contentItem && (
          <MenuButton onSelect={() => setDialog({ kind: 'delete', as: isAuthor ? 'normal' : 'admins', contentOnly: true })}>
            <Icon name="trash" />
            Delete {content}
          </MenuButton>
        )}
        {speakAs.map((group) => (
          <MenuButton key={group} onSelect={() => changeGroup.mutate({ post, group })}>
            <Icon name="user" />
            Speak as {AS_LABEL[group]}
          </MenuButton>
        ))}
        {staff.length > 0 && (
          <>
            {(authorItems || contentItem || speakAs.length > 0) && <MenuSeparator />}
            {lockGroups.map((group) => (
              <MenuButton
                key={`lock-${group}`}
                onSelect={() => (post.locked ? lock.mutate({ post, lock: false, as: group }) : setDialog({ kind: 'lock', as: group }))}
              >
                <Icon name="lock" />
                {post.locked ? 'Unlock' : lockGroups.length > 1 ? `Lock as ${AS_LABEL[group]}` : 'Lock'}
              </MenuButton>
            ))}
            {!post.deleted && (
              <MenuButton onSelect={() => pin.mutate({ post, pin: !post.isPinned, siteWide: false })}>
                <Icon name="pin" />
                {post.isPinned ? 'Unpin from community' : 'Pin in community'}
              </MenuButton>
            )}
            {!post.deleted && isAdmin && (
              <MenuButton onSelect={() => pin.mutate({ post, pin: !post.isPinnedSite, siteWide: true })}>
                <Icon name="pin" />
                {post.isPinnedSite ? 'Unpin site-wide' : 'Pin site-wide'}
              </MenuButton>
            )}
            {!post.deleted &&
              staff.map((group) => (
                <MenuButton key={`delete-${group}`} onSelect={() => setDialog({ kind: 'delete', as: group, contentOnly: false })}>
                  <Icon name="trash" />
                  Delete as {AS_LABEL[group]}
                </MenuButton>
              ))}
            {!post.deleted && isAdmin && (
              <MenuButton onSelect={() => setDialog({ kind: 'announce' })}>
                <Icon name="bell" />
                Announce
              </MenuButton>
            )}
            {isAdmin && (
              <MenuButton onSelect={() => void copyId(post.id)}>
                <Icon name="document" />
                Copy post ID
              </MenuButton>
            )}
          </>
        )}
      </PostPageActionMenu>
      {dialog?.kind === 'delete' && <DeleteDialog post={post} as={dialog.as} contentOnly={dialog.contentOnly} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'lock' && <LockDialog post={post} as={dialog.as} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'announce' && <AnnounceDialog post={post} onClose={() => setDialog(null)} />}
    </>
  );
}
