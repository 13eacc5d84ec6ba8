import { Type, type Static } from '@sinclair/typebox';
import { WATCHED_WORD_ACTIONS } from '../constants.ts';
import { Comment } from './comments.ts';
import { Post } from './posts.ts';
import { Next, Nullable, OneOf } from './schema.ts';

/** One watched word or phrase of a community's or the site's list, and what it does. */
export const WatchedWord = Type.Object({
  pattern: Type.String(),
  action: OneOf(WATCHED_WORD_ACTIONS),
  replacement: Nullable(Type.String()),
  rule: Type.String(),
  appliesToMods: Type.Boolean(),
});
export type WatchedWord = Static<typeof WatchedWord>;

/**
 * Posts (and, with `comments`, comments) by accounts younger than `minAgeDays` days or with fewer
 * than `minPoints` points wait for a moderator's approval; 0 turns a limit off.
 */
export const NewMemberLimits = Type.Object({
  minAgeDays: Type.Number(),
  minPoints: Type.Number(),
  comments: Type.Boolean(),
});
export type NewMemberLimits = Static<typeof NewMemberLimits>;

/** GET and PUT /api/communities/{id}/automod: for the community's mods and admins. */
export const CommunityAutoMod = Type.Object({ words: Type.Array(WatchedWord), newMembers: NewMemberLimits });
export type CommunityAutoMod = Static<typeof CommunityAutoMod>;

/** GET and PUT /api/automod: the site-wide list, for admins. */
export const SiteAutoMod = Type.Object({ words: Type.Array(WatchedWord) });
export type SiteAutoMod = Static<typeof SiteAutoMod>;

/** A post or comment waiting in a community's approval queue. */
export const HeldItem = Type.Object({
  type: OneOf(['post', 'comment'] as const),
  /** The post itself, or the post the comment is on. */
  post: Post,
  comment: Nullable(Comment),
  /** The rule that held it, or "New member". */
  reason: Type.String(),
  heldAt: Type.String(),
});
export type HeldItem = Static<typeof HeldItem>;

/** GET /api/communities/{id}/held: oldest first, with how many wait in all. */
export const HeldPage = Type.Object({ items: Type.Array(HeldItem), count: Type.Number(), next: Next });
export type HeldPage = Static<typeof HeldPage>;
