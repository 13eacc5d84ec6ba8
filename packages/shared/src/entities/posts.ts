import { Type, type Static } from '@sinclair/typebox';
import { POST_TYPES, USER_GROUPS, type FEED_SORTS, type FEEDS } from '../constants.ts';
import { Comment } from './comments.ts';
import { Community } from './communities.ts';
import { Image } from './images.ts';
import { AnyKind, Next, Nullable, OneOf } from './schema.ts';

export type PostType = (typeof POST_TYPES)[number];
export type Feed = (typeof FEEDS)[number];
export type FeedSort = (typeof FEED_SORTS)[number];

export const PostLink = Type.Object({ url: Type.String(), hostname: Type.String(), image: Nullable(Image) });
export type PostLink = Static<typeof PostLink>;

export const Author = Type.Object({
  id: Type.String(),
  username: Type.String(),
  proPic: Nullable(Image),
  isAdmin: Type.Boolean(),
  deleted: Type.Boolean(),
});
export type Author = Static<typeof Author>;

/** A post as it is sent alone, the thread's first page included on the post's own page. */
export const Post = Type.Object({
  id: Type.String(),
  publicId: Type.String(),
  type: OneOf(POST_TYPES),
  title: Type.String(),
  body: Nullable(Type.String()),
  link: Nullable(PostLink),
  image: Nullable(Image),
  images: Type.Array(Image),
  imageGalleryIndex: Type.Number(),
  userId: Type.String(),
  username: Type.String(),
  author: Nullable(Author),
  userDeleted: Type.Boolean(),
  userGhostId: Nullable(Type.String()),
  userGroup: OneOf(USER_GROUPS),
  community: Type.Optional(Community),
  communityId: Type.String(),
  communityName: Type.String(),
  communityProPic: Nullable(Image),
  locked: Type.Boolean(),
  lockedByGroup: Nullable(OneOf(USER_GROUPS)),
  deleted: Type.Boolean(),
  deletedAt: Nullable(Type.String()),
  deletedAs: Nullable(OneOf(USER_GROUPS)),
  deletedContent: Type.Boolean(),
  deletedContentAs: Nullable(OneOf(USER_GROUPS)),
  hidden: Type.Boolean(),
  /** Waiting for a moderator's approval: only its author and the community's mods see it. */
  held: Type.Boolean(),
  isPinned: Type.Boolean(),
  isPinnedSite: Type.Boolean(),
  upvotes: Type.Number(),
  downvotes: Type.Number(),
  userVoted: Type.Boolean(),
  userVotedUp: Type.Boolean(),
  /** null for no vote, true for up, false for down. */
  vote: Nullable(Type.Boolean()),
  noComments: Type.Number(),
  newComments: Type.Number(),
  /** The first page of the thread, on the post's own page. */
  comments: Type.Optional(Type.Array(Comment)),
  commentsNext: Type.Optional(Next),
  createdAt: Type.String(),
  editedAt: Nullable(Type.String()),
  lastActivityAt: Type.String(),
  lastVisitAt: Nullable(Type.String()),
  fetchedAt: Type.Optional(Type.String()),
});
export type Post = Static<typeof Post>;

export const PostsPage = Type.Object({ posts: Type.Array(Post), next: Next });
export type PostsPage = Static<typeof PostsPage>;

/** GET /api/posts?filter=deleted|locked: one numbered page and the total for the filter. */
export const ModeratedPostsPage = Type.Object({
  posts: Type.Array(Post),
  next: Next,
  noPosts: Type.Number(),
  limit: Type.Number(),
  page: Type.Number(),
});
export type ModeratedPostsPage = Static<typeof ModeratedPostsPage>;

/** A feed's page, or the moderators' numbered page of deleted or locked posts. */
export const FeedPage = AnyKind(ModeratedPostsPage, PostsPage);

export const UserFeedItem = AnyKind(
  Type.Object({ type: Type.Literal('post'), item: Post }),
  Type.Object({ type: Type.Literal('comment'), item: Comment }),
);
export type UserFeedItem = Static<typeof UserFeedItem>;

/** A profile's feed: the user's posts and comments, newest first. */
export const UserFeedPage = Type.Object({ items: Type.Array(UserFeedItem), next: Next });
export type UserFeedPage = Static<typeof UserFeedPage>;
