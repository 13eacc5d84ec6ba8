import { Type, type Static } from '@sinclair/typebox';
import { Communities } from './communities.ts';
import { Lists } from './lists.ts';
import { Mutes } from './mutes.ts';
import { ReportReason } from './reports.ts';
import { Nullable, OneOf } from './schema.ts';
import { User } from './users.ts';

export const SiteSettings = Type.Object({
  signupsDisabled: Type.Boolean(),
  imagePostSubmitReqPoints: Type.Number(),
  linkPostSubmitReqPoints: Type.Number(),
  /** Points a user needs to create a community (admins need none). */
  communityCreateReqPoints: Type.Number(),
  /** Where the Contact links write to; empty hides them. */
  contactEmail: Type.String(),
  /**
   * Whether moderation logs name the moderator or admin who acted to every reader; when false,
   * only the community's mods and the admins see names, others read "a moderator" or "an admin".
   */
  modLogNames: Type.Boolean(),
  /** Whether members need a confirmed email address to post and comment (admins do not). */
  requireConfirmedEmail: Type.Boolean(),
});
export type SiteSettings = Static<typeof SiteSettings>;

/** GET /api/_initial */
export const InitialData = Type.Object({
  user: Nullable(User),
  communities: Communities,
  reportReasons: Type.Array(ReportReason),
  bannedFrom: Type.Array(Type.String()),
  mutes: Mutes,
  lists: Lists,
  vapidPublicKey: Type.String(),
  noUsers: Type.Number(),
  signupsDisabled: Type.Boolean(),
  imagePostSubmitReqPoints: Type.Number(),
  linkPostSubmitReqPoints: Type.Number(),
  communityCreateReqPoints: Type.Number(),
  /** Where the Contact links write to; empty hides them. */
  contactEmail: Type.String(),
  /** The hCaptcha site key when sign-ups are checked with a captcha; null otherwise. */
  captchaSiteKey: Nullable(Type.String()),
});
export type InitialData = Static<typeof InitialData>;

/** GET /api/_link_info */
export const LinkInfo = Type.Object({
  /** The page's title; empty when the page has none or could not be read. */
  title: Type.String(),
});
export type LinkInfo = Static<typeof LinkInfo>;

/** GET /api/_health */
export const Health = Type.Object({ status: Type.Literal('ok') });

/** Preferences kept on the device only. */
export interface DevicePreferences {
  feed_layout: 'card' | 'compact';
  top_navbar_autohide_disabled: boolean;
  infinite_scrolling_disabled: boolean;
  font: 'custom' | 'system';
  /** Single-key shortcuts off (speech input types letters). */
  keyboard_shortcuts_disabled: boolean;
}

/** GET /api/_admin/health: how the site is doing, for its admins. */
export const SiteHealth = Type.Object({
  version: Type.String(),
  startedAt: Type.String(),
  database: Type.Object({
    kind: OneOf(['embedded', 'postgres'] as const),
    answering: Type.Boolean(),
    latencyMs: Nullable(Type.Number()),
    bytes: Nullable(Type.Number()),
  }),
  jobs: Type.Object({ running: Type.Boolean(), queued: Type.Number(), active: Type.Number(), oldestSeconds: Type.Number() }),
  /** The requests of the last hour answered by the process that answers this. */
  lastHour: Type.Object({ requests: Type.Number(), serverErrors: Type.Number(), p95Ms: Nullable(Type.Number()) }),
  /** Image files on this disk; null when they are in a bucket. */
  imageBytes: Nullable(Type.Number()),
  backups: Type.Object({ scheduled: Type.Boolean(), lastAt: Nullable(Type.String()) }),
});
export type SiteHealth = Static<typeof SiteHealth>;
