import { Type, type Static } from '@sinclair/typebox';
import { MOD_ACTION_KINDS, MOD_ACTION_TARGETS } from '../constants.ts';
import { Next, Nullable, OneOf } from './schema.ts';

/** One entry of a moderation log: what a moderator or an admin did, to what, when and why. */
export const ModAction = Type.Object({
  id: Type.String(),
  createdAt: Type.String(),
  kind: OneOf(MOD_ACTION_KINDS),
  /** The capacity the action was taken in; `automatic` for what watched words and new-member limits did. */
  actorGroup: OneOf(['mods', 'admins', 'automatic'] as const),
  /**
   * The acting account's username; null when the site shows logs without names to this viewer
   * (they read "a moderator" or "an admin"), or when the account is gone.
   */
  actor: Nullable(Type.String()),
  /** The community it happened in; null for site-wide actions (site bans and pins, IP blocks, requests). */
  community: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  target: Type.Object({
    type: OneOf(MOD_ACTION_TARGETS),
    id: Type.String(),
    /**
     * How the item is named to this viewer: a post's title, a username, a rule's text, a
     * community's name. Null where that would show removed content to a visitor, or an IP address
     * to anyone but admins.
     */
    label: Nullable(Type.String()),
    /** Where the item is (a post, a comment's permalink, a profile); null when it has no page. */
    url: Nullable(Type.String()),
  }),
  /** When a temporary ban ends. */
  expiresAt: Nullable(Type.String()),
  /** What the moderator typed, if anything. */
  reason: Nullable(Type.String()),
});
export type ModAction = Static<typeof ModAction>;

/** GET /api/communities/{id}/modlog and GET /api/modlog: newest first. */
export const ModLogPage = Type.Object({ actions: Type.Array(ModAction), next: Next });
export type ModLogPage = Static<typeof ModLogPage>;
