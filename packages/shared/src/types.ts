// The JSON objects the API returns, with the specification's field names. Times are ISO 8601
// strings; ids are opaque strings.
import type {
  BADGE_TYPES, COMMUNITY_SORTS, CONTENT_TYPES, FEED_SORTS, FEEDS, HOME_FEEDS, IMAGE_COPY_NAMES, IMAGE_FORMATS, MUTE_TYPES,
  NOTIFICATION_TYPES, POST_TYPES, SEARCH_SORTS, SEARCH_TYPES, USER_GROUPS,
} from './constants.ts';

export type UserGroup = (typeof USER_GROUPS)[number];
export type PostType = (typeof POST_TYPES)[number];
export type Feed = (typeof FEEDS)[number];
export type FeedSort = (typeof FEED_SORTS)[number];
export type CommunitySort = (typeof COMMUNITY_SORTS)[number];
export type HomeFeed = (typeof HOME_FEEDS)[number];
export type ImageCopyName = (typeof IMAGE_COPY_NAMES)[number];
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export type ContentType = (typeof CONTENT_TYPES)[number];
export type MuteType = (typeof MUTE_TYPES)[number];
export type SearchType = (typeof SEARCH_TYPES)[number];
export type SearchSort = (typeof SEARCH_SORTS)[number];
export type BadgeType = (typeof BADGE_TYPES)[number];

export interface Badge {
  id: string;
  type: BadgeType;
}

export interface ImageCopy {
  name: ImageCopyName;
  url: string;
  width: number;
  height: number;
  objectFit: 'cover' | 'contain';
}

export interface Image {
  id: string;
  url: string;
  width: number;
  height: number;
  altText: string | null;
  averageColor: string;
  format: ImageFormat;
  caption?: string | null;
  copies: ImageCopy[];
}

/** A user as others see them. Private fields are present only for the user themself or admins. */
export interface User {
  id: string;
  username: string;
  email?: string | null;
  proPic: Image | null;
  aboutMe: string | null;
  points: number;
  noPosts: number;
  noComments: number;
  createdAt: string;
  /** Admins only. */
  createdIP?: string | null;
  /** Admins only. */
  lastSeenIP?: string | null;
  /** Month and year of the last visit, such as "November 2026". */
  lastSeenMonth: string;
  /** The user themself and admins only. */
  lastSeen?: string;
  deleted: boolean;
  deletedAt: string | null;
  isAdmin: boolean;
  isBanned: boolean;
  bannedAt: string | null;
  badges: Badge[];
  /** Communities the user moderates. */
  moddingList: CommunityRef[];
  // Preferences: present for the user themself only.
  embedsOff?: boolean;
  homeFeed?: HomeFeed;
  rememberFeedSort?: boolean;
  upvoteNotificationsOff?: boolean;
  replyNotificationsOff?: boolean;
  hideUserProfilePictures?: boolean;
  requireAltText?: boolean;
  notificationsNewCount?: number;
}

export interface CommunityRef {
  id: string;
  name: string;
  proPic: Image | null;
}

export interface PostLink {
  url: string;
  hostname: string;
  image: Image | null;
}

export interface Author {
  id: string;
  username: string;
  proPic: Image | null;
  isAdmin: boolean;
  deleted: boolean;
}

export interface Post {
  id: string;
  publicId: string;
  type: PostType;
  title: string;
  body: string | null;
  link: PostLink | null;
  image: Image | null;
  images: Image[];
  imageGalleryIndex: number;
  userId: string;
  username: string;
  author: Author | null;
  userDeleted: boolean;
  userGhostId: string | null;
  userGroup: UserGroup;
  community?: Community;
  communityId: string;
  communityName: string;
  communityProPic: Image | null;
  locked: boolean;
  lockedByGroup: UserGroup | null;
  deleted: boolean;
  deletedAt: string | null;
  deletedAs: UserGroup | null;
  deletedContent: boolean;
  deletedContentAs: UserGroup | null;
  hidden: boolean;
  isPinned: boolean;
  isPinnedSite: boolean;
  upvotes: number;
  downvotes: number;
  userVoted: boolean;
  userVotedUp: boolean;
  /** null for no vote, true for up, false for down. */
  vote: boolean | null;
  noComments: number;
  newComments: number;
  /** The first page of the thread, on the post's own page. */
  comments?: Comment[];
  commentsNext?: string | null;
  createdAt: string;
  editedAt: string | null;
  lastActivityAt: string;
  lastVisitAt: string | null;
  fetchedAt?: string;
}

export interface Comment {
  id: string;
  postId: string;
  postPublicId: string;
  postTitle?: string;
  parentId: string | null;
  depth: number;
  body: string;
  userId: string;
  username: string;
  communityId: string;
  communityName: string;
  author: Pick<Author, 'username' | 'proPic'> | null;
  userDeleted: boolean;
  userGhostId?: string | null;
  userGroup: UserGroup;
  upvotes: number;
  downvotes: number;
  userVoted: boolean;
  userVotedUp: boolean;
  noReplies: number;
  createdAt: string;
  editedAt: string | null;
  deleted: boolean;
  deletedAt: string | null;
  deletedAs: UserGroup | null;
  contentStripped?: boolean;
  isAuthorMuted: boolean;
  /** Ids from the root comment down to the parent. */
  ancestors?: string[];
}


export interface Rule {
  id: string;
  rule: string;
  description: string | null;
  zIndex: number;
}

export interface Community {
  id: string;
  name: string;
  proPic: Image | null;
  bannerImage: Image | null;
  about: string | null;
  noMembers: number;
  userJoined: boolean;
  userMod: boolean;
  /** Whether the viewer muted the community. */
  isMuted: boolean;
  mods: Array<{ id: string; username: string }>;
  rules: Rule[];
  isDefault: boolean;
  postingRestricted: boolean;
  createdAt: string;
}

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface Notification {
  id: string;
  type: NotificationType;
  seen: boolean;
  seenAt: string | null;
  createdAt: string;
  /** Rendered HTML. */
  title: string;
  toURL: string;
  /** The actor's picture, else the post's image, else the community's picture, else `/favicon.png`. */
  icons: string[];
}

/** What a web push carries: the service worker shows it as is and sets the app badge to `count`. */
export interface PushPayload {
  id: string;
  type: NotificationType;
  /** Plain text. */
  title: string;
  toURL: string;
  icon: string;
  /** The user's count of new notifications. */
  count: number;
}

export interface NotificationsPage {
  items: Notification[];
  next: string | null;
  count: number;
  newCount: number;
}

export interface Mute {
  id: string;
  type: MuteType;
  mutedUserId: string | null;
  mutedCommunityId: string | null;
  mutedUser?: { id: string; username: string };
  mutedCommunity?: CommunityRef;
  createdAt: string;
}

export interface Mutes {
  userMutes: Mute[];
  communityMutes: Mute[];
}

export interface List {
  id: string;
  userId: string;
  username: string;
  /** URL slug. */
  name: string;
  displayName: string;
  description: string | null;
  public: boolean;
  numItems: number;
  createdAt: string;
  lastUpdatedAt: string;
}

export type ListItem = {
  id: string;
  listId: string;
  targetId: string;
  createdAt: string;
} & ({ targetType: 'post'; targetItem: Post } | { targetType: 'comment'; targetItem: Comment });

/** GET …/lists/{listName}/items: newest first. */
export interface ListItemsPage {
  items: ListItem[];
  next: string | null;
}

export interface IpBlock {
  id: string;
  /** The address, with /bits when the block is a range. */
  ip: string;
  maskedBits: number;
  createdAt: string;
  /** Username of the admin who made it; null when that account is gone. */
  createdBy: string | null;
  expiresAt: string | null;
  cancelledAt: string | null;
  /** Neither cancelled nor expired. */
  inEffect: boolean;
  /** At most IP_BLOCK_USERS_SHOWN usernames of users whose sign-up or last-seen address is in the block. */
  associatedUsers: string[];
  /** How many such users there are in all. */
  noAssociatedUsers: number;
  note: string | null;
}

/** GET /api/ipblocks: newest first. */
export interface IpBlocksPage {
  blocks: IpBlock[];
  next: string | null;
}

export interface CommunityRequest {
  id: string;
  createdAt: string;
  /** Username of the requester; null when that account is gone. */
  byUser: string | null;
  communityName: string;
  note: string | null;
  /** Whether a community by that name exists now. */
  communityExists: boolean;
  deniedAt: string | null;
  /** Username of the admin who denied it. */
  deniedBy: string | null;
  deniedNote: string | null;
}

/**
 * A page of community requests, newest first, as the client reads it: GET /api/community_requests
 * answers the bare array, and the next page's cursor comes from its `Link` header.
 */
export interface CommunityRequestsPage {
  requests: CommunityRequest[];
  next: string | null;
}

/** GET /api/users (admins): newest first, every detail. */
export interface UsersPage {
  users: User[];
  next: string | null;
}

export interface BannedUser {
  id: string;
  username: string;
}

export interface ReportReason {
  id: number;
  title: string;
  description: string | null;
}

/** What a moderator did about a report: ignored it, or deleted, locked or banned. */
export type ReportAction = 'ignored' | 'deleted' | 'locked' | 'banned';

export interface Report {
  id: string;
  communityId: string;
  postId: string;
  type: ContentType;
  /** The id of the reported post or comment. */
  targetId: string;
  /** The reason's title. */
  reason: string;
  reasonId: number;
  description: string | null;
  createdAt: string;
  /** Null while the report is open. */
  actionTaken: ReportAction | null;
  dealtAt: string | null;
  /** The username of the moderator who dealt with it. */
  dealtBy: string | null;
  /** The post or comment as the viewer may see it. */
  target: Post | Comment;
}

/** Counts of a community's open reports. */
export interface ReportsDetails {
  noReports: number;
  noPostReports: number;
  noCommentReports: number;
}

/** GET /api/communities/{id}/reports: one numbered page of open reports, newest first. */
export interface ReportsPage {
  reports: Report[];
  details: ReportsDetails;
  limit: number;
  page: number;
}

/**
 * Basic site statistics, recorded every hour. Counts of the last day (`_day`), 7 days (`_week`)
 * or 30 days (`_month`); `signups`, `pwa_installs` and `notifications_enabled` count the last day.
 * Users are those seen (any request while logged in) in the period; return users are those of
 * them whose account is older than the period.
 */
export interface BssPayload {
  signups: number;
  pwa_installs: number;
  notifications_enabled: number;
  users_day: number;
  users_week: number;
  users_month: number;
  return_users_day: number;
  return_users_week: number;
  return_users_month: number;
  posts_day: number;
  posts_week: number;
  comments_day: number;
  comments_week: number;
}

export interface AnalyticsEvent {
  id: string;
  createdAt: string;
  /** The figures as JSON text (a BssPayload), as the reference answers them. */
  payload: string;
}

/** GET /api/analytics/bss: newest first. */
export interface AnalyticsEventsPage {
  events: AnalyticsEvent[];
  next: string | null;
}

export interface SiteSettings {
  signupsDisabled: boolean;
  imagePostSubmitReqPoints: number;
  linkPostSubmitReqPoints: number;
  /** Points a user needs to create a community (admins need none). */
  communityCreateReqPoints: number;
  /** Where the Contact links write to; empty hides them. */
  contactEmail: string;
}

/** GET /api/_initial */
export interface InitialData {
  user: User | null;
  communities: Community[];
  reportReasons: ReportReason[];
  bannedFrom: string[];
  mutes: Mutes;
  lists: List[];
  vapidPublicKey: string;
  noUsers: number;
  signupsDisabled: boolean;
  imagePostSubmitReqPoints: number;
  linkPostSubmitReqPoints: number;
  communityCreateReqPoints: number;
  /** Where the Contact links write to; empty hides them. */
  contactEmail: string;
  /** The hCaptcha site key when sign-ups are checked with a captcha; null otherwise. */
  captchaSiteKey: string | null;
}

export interface PostsPage {
  posts: Post[];
  next: string | null;
}

/** GET /api/communities */
/** GET /api/posts?filter=deleted|locked: one numbered page and the total for the filter. */
export interface ModeratedPostsPage extends PostsPage {
  noPosts: number;
  limit: number;
  page: number;
}

/** GET /api/_link_info */
export interface LinkInfo {
  /** The page's title; empty when the page has none or could not be read. */
  title: string;
}

export interface CommunitiesPage {
  communities: Community[];
  next: string | null;
}

export interface CommentsPage {
  comments: Comment[];
  next: string | null;
}

export type UserFeedItem = { type: 'post'; item: Post } | { type: 'comment'; item: Comment };

export interface UserFeedPage {
  items: UserFeedItem[];
  next: string | null;
}

/** Preferences kept on the device only. */
export interface DevicePreferences {
  feed_layout: 'card' | 'compact';
  top_navbar_autohide_disabled: boolean;
  infinite_scrolling_disabled: boolean;
  font: 'custom' | 'system';
}

/** A search as the server understood it: the words left after the modifiers in the box were taken out. */
export interface SearchQuery {
  text: string;
  type: SearchType;
  /** From `in:name` or the `community` parameter. */
  community: string | null;
  /** From `author:name` or the `author` parameter. */
  author: string | null;
  sort: SearchSort;
}

/**
 * One search result. Highlights are HTML in which everything is escaped except the `<mark>` and
 * `</mark>` around the matched words.
 */
export type SearchResult =
  | { type: 'post'; post: Post; highlight: { title: string; body: string | null } }
  | { type: 'comment'; comment: Comment; highlight: { body: string } }
  | { type: 'community'; community: Community }
  | { type: 'user'; user: User };

export interface SearchPage {
  query: SearchQuery;
  items: SearchResult[];
  next: string | null;
}

export interface SearchSuggestions {
  communities: Community[];
  users: User[];
}
