// "Download my data": the archives a member asks for (GET /api/exports, POST /api/_export) and the
// JSON file each one is (GET /api/exports/{id}/download).
import { Type, type Static } from '@sinclair/typebox';
import { HOME_FEEDS, NOTIFICATION_TYPES, POST_TYPES, USER_GROUPS } from '../constants.ts';
import { Nullable, OneOf } from './schema.ts';

export const DATA_EXPORT_STATUSES = ['building', 'ready'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** One archive of the member's data: being built, or ready to download until `expiresAt`. */
export const DataExport = Type.Object({
  id: Type.String(),
  status: OneOf(DATA_EXPORT_STATUSES),
  createdAt: Type.String(),
  /** When it was ready; null while it is built. */
  readyAt: Nullable(Type.String()),
  /** Until when it can be downloaded; null while it is built. */
  expiresAt: Nullable(Type.String()),
  /** The file's size in bytes; null while it is built. */
  sizeBytes: Nullable(Type.Integer()),
});
export type DataExport = Static<typeof DataExport>;

/** GET /api/exports: the member's archives that have not expired, the newest first. */
export const DataExports = Type.Object({ exports: Type.Array(DataExport) });
export type DataExports = Static<typeof DataExports>;

// ---------------------------------------------------------------------------------------------
// The archive file. Addresses are absolute (the site's public address). Other members' posts and
// comments appear only as what points at them (an id, a title and an address), never their words.

/** The version of the archive's shape, raised when a field changes meaning or goes away. */
export const DATA_ARCHIVE_FORMAT = 1;

export const ArchiveAccount = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: Nullable(Type.String()),
  emailConfirmed: Type.Boolean(),
  aboutMe: Nullable(Type.String()),
  /** The address of the profile picture's file, or null. */
  profilePicture: Nullable(Type.String()),
  points: Type.Integer(),
  isAdmin: Type.Boolean(),
  noPosts: Type.Integer(),
  noComments: Type.Integer(),
  createdAt: Type.String(),
  lastSeen: Type.String(),
  badges: Type.Array(Type.Object({ type: Type.String(), givenAt: Type.String() })),
  /** The communities the member moderates, by name. */
  moderates: Type.Array(Type.String()),
});
export type ArchiveAccount = Static<typeof ArchiveAccount>;

export const ArchiveSettings = Type.Object({
  embedsOff: Type.Boolean(),
  homeFeed: OneOf(HOME_FEEDS),
  rememberFeedSort: Type.Boolean(),
  upvoteNotificationsOff: Type.Boolean(),
  replyNotificationsOff: Type.Boolean(),
  moderationNotificationsOff: Type.Boolean(),
  announcementNotificationsOff: Type.Boolean(),
  hideUserProfilePictures: Type.Boolean(),
  requireAltText: Type.Boolean(),
});
export type ArchiveSettings = Static<typeof ArchiveSettings>;

export const ArchiveMembership = Type.Object({ community: Type.String(), joinedAt: Type.String() });
export type ArchiveMembership = Static<typeof ArchiveMembership>;

/**
 * One of the member's posts, deleted ones included: `deletedAt` and `deletedAs` say when and by
 * whom (the member, the moderators or the admins). What the site still keeps of a deleted post is
 * there; once its content was deleted (`contentDeleted`) its body, link image and images are gone.
 */
export const ArchivePost = Type.Object({
  id: Type.String(),
  url: Type.String(),
  type: OneOf(POST_TYPES),
  community: Type.String(),
  title: Type.String(),
  body: Nullable(Type.String()),
  link: Nullable(Type.String()),
  images: Type.Array(Type.Object({ url: Type.String(), altText: Nullable(Type.String()), caption: Nullable(Type.String()) })),
  /** How the post was signed: as a member, a moderator or an admin. */
  postedAs: OneOf(USER_GROUPS),
  upvotes: Type.Integer(),
  downvotes: Type.Integer(),
  noComments: Type.Integer(),
  createdAt: Type.String(),
  editedAt: Nullable(Type.String()),
  locked: Type.Boolean(),
  awaitingApproval: Type.Boolean(),
  deletedAt: Nullable(Type.String()),
  deletedAs: Nullable(OneOf(USER_GROUPS)),
  contentDeleted: Type.Boolean(),
});
export type ArchivePost = Static<typeof ArchivePost>;

/** One of the member's comments; a deleted comment keeps its place but not its words (the site erases them). */
export const ArchiveComment = Type.Object({
  id: Type.String(),
  url: Type.String(),
  community: Type.String(),
  postId: Type.String(),
  postTitle: Type.String(),
  /** The comment replied to, or null for a comment on the post itself. */
  parentId: Nullable(Type.String()),
  body: Type.String(),
  postedAs: OneOf(USER_GROUPS),
  upvotes: Type.Integer(),
  downvotes: Type.Integer(),
  createdAt: Type.String(),
  editedAt: Nullable(Type.String()),
  awaitingApproval: Type.Boolean(),
  deletedAt: Nullable(Type.String()),
  deletedAs: Nullable(OneOf(USER_GROUPS)),
});
export type ArchiveComment = Static<typeof ArchiveComment>;

/**
 * A post or comment, anybody's, as a vote or a list item points at it: its id, the title of its
 * post and its address. Title and address are null for one the member may not see (awaiting
 * approval by the moderators).
 */
const Pointer = {
  type: OneOf(['post', 'comment'] as const),
  id: Type.String(),
  title: Nullable(Type.String()),
  url: Nullable(Type.String()),
};

export const ArchiveVote = Type.Object({ ...Pointer, up: Type.Boolean(), votedAt: Type.String() });
export type ArchiveVote = Static<typeof ArchiveVote>;

export const ArchiveListItem = Type.Object({ ...Pointer, addedAt: Type.String() });
export type ArchiveListItem = Static<typeof ArchiveListItem>;

export const ArchiveList = Type.Object({
  name: Type.String(),
  displayName: Type.String(),
  description: Nullable(Type.String()),
  public: Type.Boolean(),
  createdAt: Type.String(),
  /** The latest added first. */
  items: Type.Array(ArchiveListItem),
});
export type ArchiveList = Static<typeof ArchiveList>;

export const ArchiveMutes = Type.Object({
  users: Type.Array(Type.Object({ username: Type.String(), mutedAt: Type.String() })),
  communities: Type.Array(Type.Object({ name: Type.String(), mutedAt: Type.String() })),
});
export type ArchiveMutes = Static<typeof ArchiveMutes>;

/** A notification as the member read it: its title in plain text and where it led. */
export const ArchiveNotification = Type.Object({
  type: OneOf(NOTIFICATION_TYPES),
  title: Type.String(),
  url: Nullable(Type.String()),
  createdAt: Type.String(),
  seenAt: Nullable(Type.String()),
});
export type ArchiveNotification = Static<typeof ArchiveNotification>;

/**
 * The archive: everything the site keeps of the member's account, but for secrets (password,
 * sessions, push subscriptions) and what only admins see (network addresses). Posts and comments
 * come newest first, votes in the order of what was voted on.
 */
export const DataArchive = Type.Object({
  exportedAt: Type.String(),
  format: Type.Literal(DATA_ARCHIVE_FORMAT),
  site: Type.String(),
  account: ArchiveAccount,
  settings: ArchiveSettings,
  communities: Type.Array(ArchiveMembership),
  posts: Type.Array(ArchivePost),
  comments: Type.Array(ArchiveComment),
  votes: Type.Object({ posts: Type.Array(ArchiveVote), comments: Type.Array(ArchiveVote) }),
  lists: Type.Array(ArchiveList),
  mutes: ArchiveMutes,
  notifications: Type.Array(ArchiveNotification),
});
export type DataArchive = Static<typeof DataArchive>;
