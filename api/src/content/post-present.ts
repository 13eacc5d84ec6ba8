import type { Post } from '@quorum/shared/entities/posts';
import type { UserGroup } from '@quorum/shared/entities/users';
import { presentImage, type ImageJson } from '../images/present.ts';
import { isEdited } from './edited.ts';
import { ghostId } from './ghost.ts';

export interface PostRow {
  id: string;
  publicId: string;
  type: Post['type'];
  title: string;
  body: string | null;
  linkUrl: string | null;
  linkHostname: string | null;
  linkImage: ImageJson | null;
  images: Array<ImageJson & { caption: string | null }>;
  userId: string;
  username: string;
  userDeleted: boolean;
  authorIsAdmin: boolean;
  authorProPic: ImageJson | null;
  userGroup: UserGroup;
  communityId: string;
  communityName: string;
  communityProPic: ImageJson | null;
  lockedAt: Date | null;
  lockedByGroup: UserGroup | null;
  deletedAt: Date | null;
  deletedAs: UserGroup | null;
  deletedContentAt: Date | null;
  deletedContentAs: UserGroup | null;
  pinnedAt: Date | null;
  pinnedSiteAt: Date | null;
  /** When it was held for approval; null once published. */
  heldAt: Date | null;
  upvotes: number;
  downvotes: number;
  hotness: number;
  points: number;
  noComments: number;
  createdAt: Date;
  editedAt: Date | null;
  lastActivityAt: Date;
  activityUs: number;
  // The viewer's relation to the post
  voteUp: boolean | null;
  hidden: boolean;
  lastVisitAt: Date | null;
  newComments: number;
}

/** What recording a member's visit to a post reads. */
export type PostVisit = Pick<PostRow, 'id' | 'lastVisitAt' | 'lastActivityAt'>;

export interface PostViewer {
  id: string;
  isAdmin: boolean;
}

/**
 * A post as `viewer` may see it. Purged content (deleteContent) is gone for everyone; the rest of
 * a deleted post's content is kept for admins and its author, and its author is shown to admins
 * only. The author of a deleted account is shown to admins only too, as a ghost to the others.
 */
export function presentPost(row: PostRow, viewer: PostViewer | null): Post {
  const deleted = row.deletedAt !== null;
  const purged = row.deletedContentAt !== null || (deleted && !viewer?.isAdmin && viewer?.id !== row.userId);
  const hideAuthor = (deleted || row.userDeleted) && !viewer?.isAdmin;
  const images = purged
    ? []
    : row.images.flatMap((image) => {
        const presented = presentImage(image);
        return presented ? [{ ...presented, caption: image.caption }] : [];
      });
  return {
    id: row.id,
    publicId: row.publicId,
    type: row.type,
    title: row.title,
    body: purged ? null : row.body,
    link:
      purged || row.linkUrl === null
        ? null
        : { url: row.linkUrl, hostname: row.linkHostname ?? '', image: presentImage(row.linkImage) },
    image: images[0] ?? null,
    images,
    imageGalleryIndex: 0,
    userId: hideAuthor ? '' : row.userId,
    username: hideAuthor ? '[deleted]' : row.username,
    author: hideAuthor
      ? null
      : { id: row.userId, username: row.username, proPic: presentImage(row.authorProPic), isAdmin: row.authorIsAdmin, deleted: row.userDeleted },
    userDeleted: row.userDeleted,
    userGhostId: row.userDeleted ? ghostId(row.userId, row.id) : null,
    userGroup: row.userGroup,
    communityId: row.communityId,
    communityName: row.communityName,
    communityProPic: presentImage(row.communityProPic),
    locked: row.lockedAt !== null,
    lockedByGroup: row.lockedByGroup,
    deleted: row.deletedAt !== null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    deletedAs: row.deletedAs,
    deletedContent: row.deletedContentAt !== null,
    deletedContentAs: row.deletedContentAs,
    isPinned: row.pinnedAt !== null,
    isPinnedSite: row.pinnedSiteAt !== null,
    held: row.heldAt !== null,
    ...viewerFields(row),
    createdAt: row.createdAt.toISOString(),
    editedAt: isEdited(row.createdAt, row.editedAt) ? row.editedAt.toISOString() : null,
    lastActivityAt: row.lastActivityAt.toISOString(),
  };
}

/** What a post says of its viewer, with the counts that change most often. */
export type PostViewerRow = Pick<PostRow, 'upvotes' | 'downvotes' | 'noComments' | 'voteUp' | 'hidden' | 'lastVisitAt' | 'newComments'>;

function viewerFields(row: PostViewerRow) {
  return {
    hidden: row.hidden,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    userVoted: row.voteUp !== null,
    userVotedUp: row.voteUp === true,
    vote: row.voteUp,
    noComments: row.noComments,
    newComments: row.newComments,
    lastVisitAt: row.lastVisitAt?.toISOString() ?? null,
  } satisfies Partial<Post>;
}

/**
 * A post presented to nobody in particular (a visitor), as a member who is not an admin sees it:
 * the two differ only in what `viewerFields` says.
 */
export function presentToMember(post: Post, row: PostViewerRow): Post {
  return { ...post, ...viewerFields(row) };
}
