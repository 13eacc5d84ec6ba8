// API answers for the UI tests, shaped by the shared entity types: each factory fills every field
// the way the API presents it and takes the fields a test cares about as overrides.
import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { List } from '@quorum/shared/entities/lists';
import type { ModAction } from '@quorum/shared/entities/modlog';
import type { Post, PostsPage } from '@quorum/shared/entities/posts';
import type { InitialData } from '@quorum/shared/entities/site';
import type { User } from '@quorum/shared/entities/users';

let lastId = 0;

/** A fresh id in the API's form (a version 7 UUID). */
export function newId(): string {
  lastId += 1;
  return `01968c3e-4b2a-7${(lastId % 0x1000).toString(16).padStart(3, '0')}-8a1c-${lastId.toString(16).padStart(12, '0')}`;
}

const CREATED_AT = '2026-03-02T09:15:00.000Z';
const ACTIVE_AT = '2026-03-02T11:40:00.000Z';

/** Another user, as everyone sees them. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: newId(),
    username: 'marta_k',
    proPic: null,
    aboutMe: 'Bikes, bread and bad puns.',
    points: 214,
    noPosts: 12,
    noComments: 87,
    createdAt: '2025-06-11T17:02:00.000Z',
    lastSeenMonth: 'March 2026',
    deleted: false,
    deletedAt: null,
    isAdmin: false,
    isBanned: false,
    bannedAt: null,
    badges: [],
    moddingList: [],
    ...overrides,
  };
}

/** The logged-in user, with the private fields and preferences only they see. */
export function makeSessionUser(overrides: Partial<User> = {}): User {
  return makeUser({
    username: 'lena_h',
    email: 'lena@example.org',
    lastSeen: '2026-03-02T11:55:00.000Z',
    embedsOff: false,
    homeFeed: 'subscriptions',
    rememberFeedSort: false,
    upvoteNotificationsOff: false,
    replyNotificationsOff: false,
    moderationNotificationsOff: false,
    announcementNotificationsOff: false,
    hideUserProfilePictures: false,
    requireAltText: false,
    notificationsNewCount: 0,
    ...overrides,
  });
}

export function makeCommunity(overrides: Partial<Community> = {}): Community {
  return {
    id: newId(),
    name: 'cycling',
    proPic: null,
    bannerImage: null,
    about: 'Road, gravel, commuting and everything with two wheels.',
    noMembers: 1280,
    userJoined: false,
    userMod: false,
    isMuted: false,
    mods: [{ id: newId(), username: 'marta_k' }],
    rules: [{ id: newId(), rule: 'Be kind', description: 'Argue with ideas, not with people.', zIndex: 0 }],
    isDefault: false,
    postingRestricted: false,
    createdAt: '2025-01-20T08:00:00.000Z',
    ...overrides,
  };
}

/** A text post by `author` in `community`, as a feed or the post page sends it. */
export function makePost(community: Community, author: User, overrides: Partial<Post> = {}): Post {
  return {
    id: newId(),
    publicId: 'k3Tq9XbA',
    type: 'text',
    title: 'Which tyres for a wet winter commute?',
    body: 'My 25 mm slicks keep sliding on wet leaves. Is it worth going wider?',
    link: null,
    image: null,
    images: [],
    imageGalleryIndex: 0,
    userId: author.id,
    username: author.username,
    author: { id: author.id, username: author.username, proPic: author.proPic, isAdmin: author.isAdmin, deleted: false },
    userDeleted: false,
    userGhostId: null,
    userGroup: 'normal',
    communityId: community.id,
    communityName: community.name,
    communityProPic: community.proPic,
    locked: false,
    lockedByGroup: null,
    deleted: false,
    deletedAt: null,
    deletedAs: null,
    deletedContent: false,
    deletedContentAs: null,
    hidden: false,
    held: false,
    isPinned: false,
    isPinnedSite: false,
    upvotes: 12,
    downvotes: 2,
    userVoted: false,
    userVotedUp: false,
    vote: null,
    noComments: 0,
    newComments: 0,
    createdAt: CREATED_AT,
    editedAt: null,
    lastActivityAt: ACTIVE_AT,
    lastVisitAt: null,
    ...overrides,
  };
}

/** The post as its own page fetches it: with its community and the first page of its thread. */
export function makePostPage(post: Post, community: Community, comments: Comment[] = []): Post {
  return { ...post, community, comments, commentsNext: null, noComments: comments.length, fetchedAt: ACTIVE_AT };
}

/** A top-level comment by `author` on `post`. */
export function makeComment(post: Post, author: User, overrides: Partial<Comment> = {}): Comment {
  return {
    id: newId(),
    postId: post.id,
    postPublicId: post.publicId,
    postTitle: post.title,
    communityId: post.communityId,
    communityName: post.communityName,
    parentId: null,
    depth: 0,
    body: 'Go for 32 mm with a bit of tread, and drop the pressure a little.',
    userId: author.id,
    username: author.username,
    author: { username: author.username, proPic: author.proPic },
    userDeleted: false,
    userGhostId: null,
    userGroup: 'normal',
    upvotes: 1,
    downvotes: 0,
    userVoted: false,
    userVotedUp: false,
    noReplies: 0,
    createdAt: ACTIVE_AT,
    editedAt: null,
    deleted: false,
    deletedAt: null,
    deletedAs: null,
    contentStripped: false,
    isAuthorMuted: false,
    held: false,
    ancestors: [],
    ...overrides,
  };
}

export function makePostsPage(posts: Post[]): PostsPage {
  return { posts, next: null };
}

/** A list of `owner`'s, as the bootstrap data and the lists' calls send it. */
export function makeList(owner: User, overrides: Partial<List> = {}): List {
  return {
    id: newId(),
    userId: owner.id,
    username: owner.username,
    name: 'read-later',
    displayName: 'Read later',
    description: null,
    public: false,
    numItems: 0,
    createdAt: CREATED_AT,
    lastUpdatedAt: CREATED_AT,
    ...overrides,
  };
}

/** An entry of a moderation log: by default a moderator named `actor` removed a post in `community`. */
export function makeModAction(community: Community | null, overrides: Partial<ModAction> = {}): ModAction {
  return {
    id: newId(),
    createdAt: ACTIVE_AT,
    kind: 'remove_post',
    actorGroup: 'mods',
    actor: 'marta_k',
    community: community && { id: community.id, name: community.name },
    target: { type: 'post', id: newId(), label: 'Which tyres for a wet winter commute?', url: null },
    expiresAt: null,
    reason: null,
    ...overrides,
  };
}

/** GET /api/_initial for `user` (null: a visitor), who has joined `communities` and owns `lists`. */
export function makeInitialData(user: User | null, communities: Community[] = [], lists: List[] = []): InitialData {
  return {
    user,
    communities,
    reportReasons: [
      { id: 1, title: 'Breaks community rules', description: null },
      { id: 2, title: 'Spam', description: null },
    ],
    bannedFrom: [],
    mutes: { userMutes: [], communityMutes: [] },
    lists,
    vapidPublicKey: '',
    noUsers: 4821,
    signupsDisabled: false,
    imagePostSubmitReqPoints: 0,
    linkPostSubmitReqPoints: 0,
    communityCreateReqPoints: 10,
    contactEmail: 'hello@quorum.example',
    captchaSiteKey: null,
  };
}
