import { Type, type Static } from '@sinclair/typebox';
import { NOTIFICATION_TYPES } from '../constants.ts';
import { Next, Nullable, OneOf } from './schema.ts';

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const Notification = Type.Object({
  id: Type.String(),
  type: OneOf(NOTIFICATION_TYPES),
  seen: Type.Boolean(),
  seenAt: Nullable(Type.String()),
  createdAt: Type.String(),
  /** Rendered HTML. */
  title: Type.String(),
  toURL: Type.String(),
  /** The actor's picture, else the post's image, else the community's picture, else `/favicon.png`. */
  icons: Type.Array(Type.String()),
});
export type Notification = Static<typeof Notification>;

export const NotificationsPage = Type.Object({
  items: Type.Array(Notification),
  next: Next,
  count: Type.Number(),
  newCount: Type.Number(),
});
export type NotificationsPage = Static<typeof NotificationsPage>;

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
  /** The one new comment it tells of, to be answered from the notification; null when there is none to reply to. */
  reply: PushReply | null;
}

/** What a reply typed into a pushed notification needs, offline too. */
export interface PushReply {
  /** Where the reply is written in the app (the comment's page, its reply box open). */
  url: string;
  /** The member the notification is for, who replies. */
  userId: string;
  commentId: string;
  postId: string;
  postPublicId: string;
  postTitle: string;
  communityId: string;
}
