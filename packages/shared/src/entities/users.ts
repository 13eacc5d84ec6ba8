import { Type, type Static } from '@sinclair/typebox';
import { BADGE_TYPES, HOME_FEEDS, USER_GROUPS } from '../constants.ts';
import { Image } from './images.ts';
import { CommunityRef } from './refs.ts';
import { AnyKind, Next, Nullable, OneOf, Success } from './schema.ts';
import { SecondStep } from './two-step.ts';

export type UserGroup = (typeof USER_GROUPS)[number];
export type HomeFeed = (typeof HOME_FEEDS)[number];
export type BadgeType = (typeof BADGE_TYPES)[number];

export const Badge = Type.Object({ id: Type.String(), type: OneOf(BADGE_TYPES) });
export type Badge = Static<typeof Badge>;

/** A user as others see them. Private fields are present only for the user themself or admins. */
export const User = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: Type.Optional(Nullable(Type.String())),
  /** The user themself and admins only: whether the email address was confirmed by following the link sent to it. */
  emailConfirmed: Type.Optional(Type.Boolean()),
  proPic: Nullable(Image),
  aboutMe: Nullable(Type.String()),
  points: Type.Number(),
  noPosts: Type.Number(),
  noComments: Type.Number(),
  createdAt: Type.String(),
  /** Admins only. */
  createdIP: Type.Optional(Nullable(Type.String())),
  /** Admins only. */
  lastSeenIP: Type.Optional(Nullable(Type.String())),
  /** Month and year of the last visit, such as "November 2026". */
  lastSeenMonth: Type.String(),
  /** The user themself and admins only. */
  lastSeen: Type.Optional(Type.String()),
  deleted: Type.Boolean(),
  deletedAt: Nullable(Type.String()),
  isAdmin: Type.Boolean(),
  isBanned: Type.Boolean(),
  bannedAt: Nullable(Type.String()),
  badges: Type.Array(Badge),
  /** Communities the user moderates. */
  moddingList: Type.Array(CommunityRef),
  // Preferences: present for the user themself only.
  embedsOff: Type.Optional(Type.Boolean()),
  homeFeed: Type.Optional(OneOf(HOME_FEEDS)),
  rememberFeedSort: Type.Optional(Type.Boolean()),
  upvoteNotificationsOff: Type.Optional(Type.Boolean()),
  replyNotificationsOff: Type.Optional(Type.Boolean()),
  /** No notifications of what moderators did to the user's posts and comments (removed, locked, approved). */
  moderationNotificationsOff: Type.Optional(Type.Boolean()),
  announcementNotificationsOff: Type.Optional(Type.Boolean()),
  hideUserProfilePictures: Type.Optional(Type.Boolean()),
  requireAltText: Type.Optional(Type.Boolean()),
  notificationsNewCount: Type.Optional(Type.Number()),
});
export type User = Static<typeof User>;

export const Users = Type.Array(User);

/** Logging in or changing one's profile answers with the account; logging out or changing the password, with success. */
export const UserOrSuccess = AnyKind(User, Success);

/** A login or a password reset: the account, or, when it signs in in two steps, the code asked for next. */
export const UserOrSecondStep = AnyKind(User, SecondStep);
export type UserOrSecondStep = Static<typeof UserOrSecondStep>;

/** POST /api/_login: the account or the second step it asks for; logging out answers success. */
export const LoginAnswer = AnyKind(User, Success, SecondStep);

/** GET /api/users (admins): newest first, every detail. */
export const UsersPage = Type.Object({ users: Users, next: Next });
export type UsersPage = Static<typeof UsersPage>;

export interface BannedUser {
  id: string;
  username: string;
}
