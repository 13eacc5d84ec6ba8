import type { Comment } from '@quorum/shared/entities/comments';
import type { UserGroup } from '@quorum/shared/entities/users';
import { presentImage, type ImageJson } from '../images/present.ts';
import { isEdited } from './edited.ts';
import { ghostId } from './ghost.ts';

export interface CommentRow {
  id: string;
  postId: string;
  postPublicId: string;
  postTitle: string;
  communityId: string;
  communityName: string;
  parentId: string | null;
  depth: number;
  ancestors: string[];
  body: string;
  userId: string;
  username: string;
  userDeleted: boolean;
  authorProPic: ImageJson | null;
  userGroup: UserGroup;
  upvotes: number;
  downvotes: number;
  noReplies: number;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  deletedAs: UserGroup | null;
  /** When it was held for approval; null once published. */
  heldAt: Date | null;
  voteUp: boolean | null;
  isAuthorMuted: boolean;
}

/** What a comment says of its viewer. */
type CommentViewerRow = Pick<CommentRow, 'upvotes' | 'downvotes' | 'voteUp' | 'isAuthorMuted'>;

/**
 * A comment as `viewer` may see it: a deleted one keeps its place in the tree but not its words or
 * author; one by a deleted account keeps its words and shows its author to admins only.
 */
export function presentComment(row: CommentRow, viewer: { isAdmin: boolean } | null): Comment {
  const deleted = row.deletedAt !== null;
  const hideAuthor = (deleted || row.userDeleted) && !viewer?.isAdmin;
  return {
    id: row.id,
    postId: row.postId,
    postPublicId: row.postPublicId,
    postTitle: row.postTitle,
    communityId: row.communityId,
    communityName: row.communityName,
    parentId: row.parentId,
    depth: row.depth,
    body: deleted ? '' : row.body,
    userId: hideAuthor ? '' : row.userId,
    username: hideAuthor ? '[deleted]' : row.username,
    author: hideAuthor ? null : { username: row.username, proPic: presentImage(row.authorProPic) },
    userDeleted: row.userDeleted,
    userGhostId: row.userDeleted ? ghostId(row.userId, row.postId) : null,
    userGroup: row.userGroup,
    ...viewerFields(row, deleted),
    noReplies: row.noReplies,
    createdAt: row.createdAt.toISOString(),
    editedAt: isEdited(row.createdAt, row.editedAt) ? row.editedAt.toISOString() : null,
    deleted,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    deletedAs: row.deletedAs,
    contentStripped: deleted,
    held: row.heldAt !== null,
    ancestors: row.ancestors,
  };
}

function viewerFields(row: CommentViewerRow, deleted: boolean) {
  return {
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    userVoted: row.voteUp !== null,
    userVotedUp: row.voteUp === true,
    isAuthorMuted: !deleted && row.isAuthorMuted,
  } satisfies Partial<Comment>;
}

/**
 * A comment presented to nobody in particular (a visitor), as a member who is not an admin sees
 * it: the two differ only in the member's vote and mute; a comment they left unmarked is the same.
 */
export function presentCommentToMember(comment: Comment, voteUp: boolean | null, authorMuted: boolean): Comment {
  if (voteUp === null && !authorMuted) return comment;
  const row = { upvotes: comment.upvotes, downvotes: comment.downvotes, voteUp, isAuthorMuted: authorMuted };
  return { ...comment, ...viewerFields(row, comment.deleted) };
}
