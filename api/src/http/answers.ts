// The schema of every answer the API sends, by the shared type it serialises (see answer-schema.ts).
import {
  BADGE_TYPES, CONTENT_TYPES, HOME_FEEDS, IMAGE_COPY_NAMES, IMAGE_FORMATS, MUTE_TYPES, NOTIFICATION_TYPES, POST_TYPES,
  SEARCH_SORTS, SEARCH_TYPES, USER_GROUPS,
} from '@quorum/shared/constants';
import type * as T from '@quorum/shared/types';
import {
  array, boolean, constant, either, nullable, number, object, oneOf, optional, string, tagged, type Fields,
} from './answer-schema.ts';

const userGroup = oneOf(USER_GROUPS);
const nullableString = nullable(string);

export const success = object<{ success: true }>({ success: constant(true) });

const imageCopy = object<T.ImageCopy>({
  name: oneOf(IMAGE_COPY_NAMES),
  url: string,
  width: number,
  height: number,
  objectFit: oneOf(['cover', 'contain']),
});

export const image = object<T.Image>({
  id: string,
  url: string,
  width: number,
  height: number,
  altText: nullableString,
  averageColor: string,
  format: oneOf(IMAGE_FORMATS),
  caption: optional(nullableString),
  copies: array(imageCopy),
});

const nullableImage = nullable(image);

/** A user named by id and username. */
const userRef = object<{ id: string; username: string }>({ id: string, username: string });

const communityRef = object<T.CommunityRef>({ id: string, name: string, proPic: nullableImage });

export const user = object<T.User>({
  id: string,
  username: string,
  email: optional(nullableString),
  proPic: nullableImage,
  aboutMe: nullableString,
  points: number,
  noPosts: number,
  noComments: number,
  createdAt: string,
  createdIP: optional(nullableString),
  lastSeenIP: optional(nullableString),
  lastSeenMonth: string,
  lastSeen: optional(string),
  deleted: boolean,
  deletedAt: nullableString,
  isAdmin: boolean,
  isBanned: boolean,
  bannedAt: nullableString,
  badges: array(object<T.Badge>({ id: string, type: oneOf(BADGE_TYPES) })),
  moddingList: array(communityRef),
  embedsOff: optional(boolean),
  homeFeed: optional(oneOf(HOME_FEEDS)),
  rememberFeedSort: optional(boolean),
  upvoteNotificationsOff: optional(boolean),
  replyNotificationsOff: optional(boolean),
  hideUserProfilePictures: optional(boolean),
  requireAltText: optional(boolean),
  notificationsNewCount: optional(number),
});

export const users = array(user);

export const rule = object<T.Rule>({ id: string, rule: string, description: nullableString, zIndex: number });

export const rules = array(rule);

export const community = object<T.Community>({
  id: string,
  name: string,
  proPic: nullableImage,
  bannerImage: nullableImage,
  about: nullableString,
  noMembers: number,
  userJoined: boolean,
  userMod: boolean,
  isMuted: boolean,
  mods: array(userRef),
  rules,
  isDefault: boolean,
  postingRestricted: boolean,
  createdAt: string,
});

export const communities = array(community);

export const comment = object<T.Comment>({
  id: string,
  postId: string,
  postPublicId: string,
  postTitle: optional(string),
  communityId: string,
  communityName: string,
  parentId: nullableString,
  depth: number,
  body: string,
  userId: string,
  username: string,
  author: nullable(object<NonNullable<T.Comment['author']>>({ username: string, proPic: nullableImage })),
  userDeleted: boolean,
  userGhostId: optional(nullableString),
  userGroup,
  upvotes: number,
  downvotes: number,
  userVoted: boolean,
  userVotedUp: boolean,
  noReplies: number,
  createdAt: string,
  editedAt: nullableString,
  deleted: boolean,
  deletedAt: nullableString,
  deletedAs: nullable(userGroup),
  contentStripped: optional(boolean),
  isAuthorMuted: boolean,
  ancestors: optional(array(string)),
});

export const commentsPage = object<T.CommentsPage>({ comments: array(comment), next: nullableString });

/** A post as it is sent alone, the thread's first page included on the post's own page. */
export const post = object<T.Post>({
  id: string,
  publicId: string,
  type: oneOf(POST_TYPES),
  title: string,
  body: nullableString,
  link: nullable(object<T.PostLink>({ url: string, hostname: string, image: nullableImage })),
  image: nullableImage,
  images: array(image),
  imageGalleryIndex: number,
  userId: string,
  username: string,
  author: nullable(object<T.Author>({ id: string, username: string, proPic: nullableImage, isAdmin: boolean, deleted: boolean })),
  userDeleted: boolean,
  userGhostId: nullableString,
  userGroup,
  community: optional(community),
  communityId: string,
  communityName: string,
  communityProPic: nullableImage,
  locked: boolean,
  lockedByGroup: nullable(userGroup),
  deleted: boolean,
  deletedAt: nullableString,
  deletedAs: nullable(userGroup),
  deletedContent: boolean,
  deletedContentAs: nullable(userGroup),
  hidden: boolean,
  isPinned: boolean,
  isPinnedSite: boolean,
  upvotes: number,
  downvotes: number,
  userVoted: boolean,
  userVotedUp: boolean,
  vote: nullable(boolean),
  noComments: number,
  newComments: number,
  comments: optional(array(comment)),
  commentsNext: optional(nullableString),
  createdAt: string,
  editedAt: nullableString,
  lastActivityAt: string,
  lastVisitAt: nullableString,
  fetchedAt: optional(string),
});

const posts = array(post);

const postsPage = object<T.PostsPage>({ posts, next: nullableString });

const moderatedPostsPage = object<T.ModeratedPostsPage>({
  posts,
  next: nullableString,
  noPosts: number,
  limit: number,
  page: number,
});

/** A feed's page, or the moderators' numbered page of deleted or locked posts. */
export const feedPage = either(moderatedPostsPage, postsPage);

export const userFeedPage = object<T.UserFeedPage>({
  items: array(
    tagged<T.UserFeedItem, 'type'>({
      post: object({ type: constant('post'), item: post }),
      comment: object({ type: constant('comment'), item: comment }),
    }),
  ),
  next: nullableString,
});

/** Logging in or changing one's profile answers with the account; logging out or changing the password, with success. */
export const userOrSuccess = either(user, success);

export const usersPage = object<T.UsersPage>({ users, next: nullableString });

export const notification = object<T.Notification>({
  id: string,
  type: oneOf(NOTIFICATION_TYPES),
  seen: boolean,
  seenAt: nullableString,
  createdAt: string,
  title: string,
  toURL: string,
  icons: array(string),
});

export const notificationsPage = object<T.NotificationsPage>({
  items: array(notification),
  next: nullableString,
  count: number,
  newCount: number,
});

export const mute = object<T.Mute>({
  id: string,
  type: oneOf(MUTE_TYPES),
  mutedUserId: nullableString,
  mutedCommunityId: nullableString,
  mutedUser: optional(userRef),
  mutedCommunity: optional(communityRef),
  createdAt: string,
});

export const mutes = object<T.Mutes>({ userMutes: array(mute), communityMutes: array(mute) });

export const list = object<T.List>({
  id: string,
  userId: string,
  username: string,
  name: string,
  displayName: string,
  description: nullableString,
  public: boolean,
  numItems: number,
  createdAt: string,
  lastUpdatedAt: string,
});

export const lists = array(list);

const listItemFields = { id: string, listId: string, targetId: string, createdAt: string } satisfies Partial<Fields<T.ListItem>>;

export const listItemsPage = object<T.ListItemsPage>({
  items: array(
    tagged<T.ListItem, 'targetType'>({
      post: object({ ...listItemFields, targetType: constant('post'), targetItem: post }),
      comment: object({ ...listItemFields, targetType: constant('comment'), targetItem: comment }),
    }),
  ),
  next: nullableString,
});

export const ipBlock = object<T.IpBlock>({
  id: string,
  ip: string,
  maskedBits: number,
  createdAt: string,
  createdBy: nullableString,
  expiresAt: nullableString,
  cancelledAt: nullableString,
  inEffect: boolean,
  associatedUsers: array(string),
  noAssociatedUsers: number,
  note: nullableString,
});

export const ipBlocksPage = object<T.IpBlocksPage>({ blocks: array(ipBlock), next: nullableString });

export const communityRequest = object<T.CommunityRequest>({
  id: string,
  createdAt: string,
  byUser: nullableString,
  communityName: string,
  note: nullableString,
  communityExists: boolean,
  deniedAt: nullableString,
  deniedBy: nullableString,
  deniedNote: nullableString,
});

export const communityRequests = array(communityRequest);

const reportReason = object<T.ReportReason>({ id: number, title: string, description: nullableString });

export const report = object<T.Report>({
  id: string,
  communityId: string,
  postId: string,
  type: oneOf(CONTENT_TYPES),
  targetId: string,
  reason: string,
  reasonId: number,
  description: nullableString,
  createdAt: string,
  actionTaken: nullable(oneOf(['ignored', 'deleted', 'locked', 'banned'])),
  dealtAt: nullableString,
  dealtBy: nullableString,
  target: either(comment, post),
});

export const reportsPage = object<T.ReportsPage>({
  reports: array(report),
  details: object<T.ReportsDetails>({ noReports: number, noPostReports: number, noCommentReports: number }),
  limit: number,
  page: number,
});

export const analyticsEventsPage = object<T.AnalyticsEventsPage>({
  events: array(
    object<T.AnalyticsEvent>({
      id: string,
      createdAt: string,
      payload: string,
    }),
  ),
  next: nullableString,
});

export const siteSettings = object<T.SiteSettings>({
  signupsDisabled: boolean,
  imagePostSubmitReqPoints: number,
  linkPostSubmitReqPoints: number,
  communityCreateReqPoints: number,
  contactEmail: string,
});

export const initialData = object<T.InitialData>({
  user: nullable(user),
  communities,
  reportReasons: array(reportReason),
  bannedFrom: array(string),
  mutes,
  lists,
  vapidPublicKey: string,
  noUsers: number,
  signupsDisabled: boolean,
  imagePostSubmitReqPoints: number,
  linkPostSubmitReqPoints: number,
  communityCreateReqPoints: number,
  contactEmail: string,
  captchaSiteKey: nullableString,
});

export const searchPage = object<T.SearchPage>({
  query: object<T.SearchQuery>({
    text: string,
    type: oneOf(SEARCH_TYPES),
    community: nullableString,
    author: nullableString,
    sort: oneOf(SEARCH_SORTS),
  }),
  items: array(
    tagged<T.SearchResult, 'type'>({
      post: object({ type: constant('post'), post, highlight: object({ title: string, body: nullableString }) }),
      comment: object({ type: constant('comment'), comment, highlight: object({ body: string }) }),
      community: object({ type: constant('community'), community }),
      user: object({ type: constant('user'), user }),
    }),
  ),
  next: nullableString,
});

export const searchSuggestions = object<T.SearchSuggestions>({ communities, users });

export const strings = array(string);

export const health = object<{ status: 'ok' }>({ status: constant('ok') });

export const linkInfo = object<T.LinkInfo>({ title: string });
