import { REPLY_PARAM } from '@quorum/shared/constants';
import type { Comment } from '@quorum/shared/entities/comments';
import { paths } from '../../../config/paths.ts';
import { commentFormError, useCreateComment } from '../api/create-comment.ts';
import { useUpdateComment } from '../api/update-comment.ts';
import { CommentBox } from './comment-box.tsx';
import { useCommentsContext } from './comments-context.ts';

/** A reply being written under `parent`; it closes once sent or cancelled. */
export function ReplyForm({ parent, parentName, onClose }: { parent: Comment; parentName: string; onClose: () => void }) {
  const { post, staffGroups } = useCommentsContext();
  const create = useCreateComment(post);
  return (
    <div className="comment__reply-box">
      <CommentBox
        label={`Reply to ${parentName}`}
        placeholder="Write a reply"
        submitLabel="Reply"
        staffGroups={staffGroups}
        autoFocus
        draft={{
          key: `reply:${parent.id}`,
          label: `Reply to ${parentName} on “${post.title}”`,
          href: `${paths.comment.getHref(post.communityName, post.publicId, parent.id)}?${REPLY_PARAM}`,
        }}
        pending={create.isPending}
        serverError={commentFormError(create.error)}
        onSubmit={(body, group, done) =>
          create.submit({ body, parentId: parent.id, userGroup: group }, () => {
            done();
            onClose();
          })
        }
        onCancel={onClose}
      />
    </div>
  );
}

/** The author's comment being edited in place; it closes once saved or cancelled. */
export function EditForm({ comment, onClose }: { comment: Comment; onClose: () => void }) {
  const update = useUpdateComment();
  return (
    <CommentBox
      label="Edit your comment"
      initialBody={comment.body}
      submitLabel="Save"
      autoFocus
      pending={update.isPending}
      serverError={commentFormError(update.error)}
      onSubmit={(body, _group, done) =>
        update.mutate(
          { comment, body },
          {
            onSuccess: () => {
              done();
              onClose();
            },
          },
        )
      }
      onCancel={onClose}
    />
  );
}
