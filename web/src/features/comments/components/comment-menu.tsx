import type { Comment } from '@quorum/shared/entities/comments';
import type { UserGroup } from '@quorum/shared/entities/users';
import { useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { Menu, MenuButton } from '../../../components/ui/menu.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ReasonField } from '../../../components/ui/reason-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useCopyId, useCopyLink } from '../../../lib/clipboard.ts';
import { useContentActions } from '../../../lib/content-actions.ts';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { useMute } from '../../../lib/session/mutes.ts';
import { useChangeCommentGroup } from '../api/change-comment-group.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useCommentsContext } from './comments-context.ts';

const DELETE_LABEL: Record<UserGroup, string> = { normal: 'Delete', mods: 'Delete as mod', admins: 'Delete as admin' };
const SPEAK_AS_LABEL: Record<UserGroup, string> = { normal: 'Speak as yourself', mods: 'Speak as mod', admins: 'Speak as admin' };

interface CommentMenuProps {
  comment: Comment;
  isAuthor: boolean;
  onEdit: () => void;
}

function DeleteDialog({ comment, deleteAs, onClose }: { comment: Comment; deleteAs: UserGroup; onClose: () => void }) {
  const { onCountChange } = useCommentsContext();
  const remove = useDeleteComment({ onDeleted: () => onCountChange(-1) });
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      open
      title="Are you sure?"
      description={
        deleteAs === 'normal'
          ? 'Your comment will be deleted. Replies to it stay.'
          : `The comment will be deleted as ${deleteAs === 'admins' ? 'an admin' : 'a moderator'}. Replies to it stay.`
      }
      confirmLabel="Delete"
      danger
      busy={remove.isPending}
      onConfirm={() => remove.mutate({ comment, deleteAs, reason: deleteAs === 'normal' ? null : reason }, { onSettled: onClose })}
      onClose={onClose}
    >
      {deleteAs !== 'normal' && <ReasonField value={reason} onChange={setReason} />}
    </ConfirmDialog>
  );
}

/** Mute or unmute the comment's author, from where their comment was read. */
function MuteAuthorItem({ comment }: { comment: Comment }) {
  const target = { type: 'user', id: comment.userId, name: comment.author?.username ?? comment.username } as const;
  const { muted, toggle } = useMute(target);
  return (
    <MenuButton onSelect={toggle}>
      <Icon name={muted ? 'unmute' : 'mute'} />
      {muted ? `Unmute @${target.name}` : `Mute @${target.name}`}
    </MenuButton>
  );
}

/**
 * A comment's "more" menu: copy its link; edit for its author, and speaking as a mod or an admin
 * where the author is one; delete for its author, mods and admins; mute or unmute its author for
 * other logged-in users; its id for admins.
 */
export function CommentMenu({ comment, isAuthor, onEdit }: CommentMenuProps) {
  const { post, staffGroups } = useCommentsContext();
  const copyLink = useCopyLink();
  const copyId = useCopyId();
  const content = useContentActions();
  const target = { type: 'comment', id: comment.id, authorId: comment.userId } as const;
  const [deleteAs, setDeleteAs] = useState<UserGroup | null>(null);
  const deleteGroups: UserGroup[] = isAuthor ? ['normal'] : staffGroups;
  const changeGroup = useChangeCommentGroup();
  const speakAs = isAuthor && comment.deletedAt === null && staffGroups.length > 0
    ? (['normal', ...staffGroups] as UserGroup[]).filter((group) => group !== comment.userGroup)
    : [];
  const viewer = useSessionUser();
  const canMuteAuthor = viewer !== null && !isAuthor && comment.author !== null && !comment.userDeleted && comment.userId !== '';

  return (
    <>
      <Menu label="More options" align="start" buttonClassName="action-pill comment__action comment__action--icon" button={<Icon name="more" size={18} />}>
        <MenuButton onSelect={() => void copyLink(paths.comment.getHref(post.communityName, post.publicId, comment.id))}>
          <Icon name="link" />
          Copy link
        </MenuButton>
        <MenuButton onSelect={() => content.save(target)}>
          <Icon name="bookmark" />
          Save
        </MenuButton>
        {!isAuthor && (
          <MenuButton onSelect={() => content.report(target)}>
            <Icon name="flag" />
            Report
          </MenuButton>
        )}
        {isAuthor && (
          <MenuButton onSelect={onEdit}>
            <Icon name="document" />
            Edit
          </MenuButton>
        )}
        {speakAs.map((group) => (
          <MenuButton key={`as-${group}`} onSelect={() => changeGroup.mutate({ comment, group })}>
            <Icon name="user" />
            {SPEAK_AS_LABEL[group]}
          </MenuButton>
        ))}
        {deleteGroups.map((group) => (
          <MenuButton key={group} onSelect={() => setDeleteAs(group)}>
            <Icon name="trash" />
            {DELETE_LABEL[group]}
          </MenuButton>
        ))}
        {canMuteAuthor && <MuteAuthorItem comment={comment} />}
        {viewer?.isAdmin && (
          <MenuButton onSelect={() => void copyId(comment.id)}>
            <Icon name="document" />
            Copy comment ID
          </MenuButton>
        )}
      </Menu>
      {deleteAs && <DeleteDialog comment={comment} deleteAs={deleteAs} onClose={() => setDeleteAs(null)} />}
    </>
  );
}
