import type { Badge, HomeFeed, User } from '@quorum/shared/entities/users';
import { presentImage, type ImageJson } from '../images/present.ts';

export interface UserRow {
  id: string;
  username: string;
  email: string | null;
  emailConfirmedAt: Date | null;
  aboutMe: string | null;
  points: number;
  isAdmin: boolean;
  notificationsNewCount: number;
  noPosts: number;
  noComments: number;
  createdAt: Date;
  createdIp: string | null;
  lastSeen: Date;
  lastSeenIp: string | null;
  deletedAt: Date | null;
  bannedAt: Date | null;
  embedsOff: boolean;
  homeFeed: HomeFeed;
  rememberFeedSort: boolean;
  upvoteNotificationsOff: boolean;
  replyNotificationsOff: boolean;
  moderationNotificationsOff: boolean;
  announcementNotificationsOff: boolean;
  hideUserProfilePictures: boolean;
  requireAltText: boolean;
  proPic: ImageJson | null;
  badges: Badge[];
  moddingList: Array<{ id: string; name: string; proPic: ImageJson | null }>;
}

export interface UserViewer {
  id: string;
  isAdmin: boolean;
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A user as `viewer` may see them. Email and preferences are for the user themself and admins,
 * the count of unseen notifications for the user alone; IP addresses only for admins asking for
 * them.
 */
export function presentUser(row: UserRow, viewer: UserViewer | null, options: { adminsView?: boolean } = {}): User {
  const isSelf = viewer?.id === row.id;
  const adminsView = Boolean(options.adminsView && viewer?.isAdmin);
  const user: User = {
    id: row.id,
    username: row.username,
    proPic: presentImage(row.proPic),
    aboutMe: row.aboutMe,
    points: row.points,
    noPosts: row.noPosts,
    noComments: row.noComments,
    createdAt: row.createdAt.toISOString(),
    lastSeenMonth: monthFormat.format(row.lastSeen),
    deleted: row.deletedAt !== null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    isAdmin: row.isAdmin,
    isBanned: row.bannedAt !== null,
    bannedAt: row.bannedAt?.toISOString() ?? null,
    badges: row.badges,
    moddingList: row.moddingList.map((c) => ({ id: c.id, name: c.name, proPic: presentImage(c.proPic) })),
  };
  if (isSelf || adminsView) user.lastSeen = row.lastSeen.toISOString();
  if (isSelf || viewer?.isAdmin) {
    user.email = row.email;
    user.emailConfirmed = row.emailConfirmedAt !== null;
    user.embedsOff = row.embedsOff;
    user.homeFeed = row.homeFeed;
    user.rememberFeedSort = row.rememberFeedSort;
    user.upvoteNotificationsOff = row.upvoteNotificationsOff;
    user.replyNotificationsOff = row.replyNotificationsOff;
    user.moderationNotificationsOff = row.moderationNotificationsOff;
    user.announcementNotificationsOff = row.announcementNotificationsOff;
    user.hideUserProfilePictures = row.hideUserProfilePictures;
    user.requireAltText = row.requireAltText;
  }
  if (isSelf) user.notificationsNewCount = row.notificationsNewCount;
  if (adminsView) {
    user.createdIP = row.createdIp;
    user.lastSeenIP = row.lastSeenIp;
  }
  return user;
}
