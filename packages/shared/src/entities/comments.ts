import { Type, type Static } from '@sinclair/typebox';
import { USER_GROUPS } from '../constants.ts';
import { Image } from './images.ts';
import { Next, Nullable, OneOf } from './schema.ts';

export const Comment = Type.Object({
  id: Type.String(),
  postId: Type.String(),
  postPublicId: Type.String(),
  postTitle: Type.Optional(Type.String()),
  communityId: Type.String(),
  communityName: Type.String(),
  parentId: Nullable(Type.String()),
  depth: Type.Number(),
  body: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  author: Nullable(Type.Object({ username: Type.String(), proPic: Nullable(Image) })),
  userDeleted: Type.Boolean(),
  userGhostId: Type.Optional(Nullable(Type.String())),
  userGroup: OneOf(USER_GROUPS),
  upvotes: Type.Number(),
  downvotes: Type.Number(),
  userVoted: Type.Boolean(),
  userVotedUp: Type.Boolean(),
  noReplies: Type.Number(),
  createdAt: Type.String(),
  editedAt: Nullable(Type.String()),
  deleted: Type.Boolean(),
  deletedAt: Nullable(Type.String()),
  deletedAs: Nullable(OneOf(USER_GROUPS)),
  contentStripped: Type.Optional(Type.Boolean()),
  /** Waiting for a moderator's approval: only its author and the community's mods see it. */
  held: Type.Boolean(),
  isAuthorMuted: Type.Boolean(),
  /** Ids from the root comment down to the parent. */
  ancestors: Type.Optional(Type.Array(Type.String())),
});
export type Comment = Static<typeof Comment>;

export const CommentsPage = Type.Object({ comments: Type.Array(Comment), next: Next });
export type CommentsPage = Static<typeof CommentsPage>;
