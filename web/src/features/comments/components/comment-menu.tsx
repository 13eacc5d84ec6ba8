import type { Comment, UserGroup } from '@quorum/shared/types';
import { useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { Menu, MenuButton } from '../../../components/ui/menu.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { useCopyLink } from '../../../lib/clipboard.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useCommentsContext } from './comments-context.ts';

const DELETE_LABEL: Record<UserGroup, string> = { normal: 'Delete', mods: 'Delete as mod', admins: 'Delete as admin' };

interface CommentMenuProps {
  comment: Comment;
  isAuthor: boolean;
  onEdit: () => void;
}

function DeleteDialog({ comment, deleteAs, onClose }: { comment: Comment; deleteAs: UserGroup; onClose: () => void }) {
  const { onCountChange } = useCommentsContext();
  const remove = useDeleteComment({ onDeleted: () => onCountChange(-1) });
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
      onConfirm={() => remove.mutate({ comment, deleteAs }, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}

/** A comment's "more" menu: copy its link; edit for its author; delete for its author, mods and admins. */
export function CommentMenu({ comment, isAuthor, onEdit }: CommentMenuProps) {
  const { post, staffGroups } = useCommentsContext();
  const copyLink = useCopyLink();
  const [deleteAs, setDeleteAs] = useState<UserGroup | null>(null);
  const deleteGroups: UserGroup[] = isAuthor ? ['normal'] : staffGroups;


  return (
    <>
      <Menu label="More options" align="start" buttonClassName="action-pill comment__action comment__action--icon" button={<Icon name="more" size={18} />}>
        <MenuButton onSelect={() => void copyLink(paths.comment.getHref(post.communityName, post.publicId, comment.id))}>
          <Icon name="link" />
          Copy link
        </MenuButton>
        {isAuthor && (
          <MenuButton onSelect={onEdit}>
            <Icon name="document" />
            Edit
          </MenuButton>
        )}
        {deleteGroups.map((group) => (
          <MenuButton key={group} onSelect={() => setDeleteAs(group)}>
            <Icon name="trash" />
            {DELETE_LABEL[group]}
          </MenuButton>
        ))}
      </Menu>
      {deleteAs && <DeleteDialog comment={comment} deleteAs={deleteAs} onClose={() => setDeleteAs(null)} />}
    </>
  );
}
