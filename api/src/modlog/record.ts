// Recording moderation actions, always in the transaction of the action itself: an action that
// fails leaves no entry, and an entry never outlives a rolled-back action.
import type { MOD_ACTION_KINDS, MOD_ACTION_TARGETS } from '@quorum/shared/constants';
import type { Db, Tx } from '../db/connect.ts';
import { getStanding } from '../content/community-queries.ts';

export type ModActionKind = (typeof MOD_ACTION_KINDS)[number];
export type ModActionTarget = (typeof MOD_ACTION_TARGETS)[number];
export type ModGroup = 'mods' | 'admins';
/** Who acted: a mod, an admin, or the community's or site's watched words and limits. */
export type ModActorGroup = ModGroup | 'automatic';

/** What an entry keeps to be shown later, when what it names may have changed or gone. */
export interface ModActionDetails {
  /** A post's title (posts, comments and reports on them). */
  title?: string;
  publicId?: string;
  /** The start of a comment's body. */
  excerpt?: string;
  username?: string;
  /** A rule's text. */
  rule?: string;
  /** A community's name: the one requested, or the one a site-wide pin's post is in. */
  communityName?: string;
  /** A blocked address or range. */
  address?: string;
  /** The settings of a community that changed. */
  changes?: string[];
  /** What kind of item a block refused. */
  contentType?: 'post' | 'comment';
  /** How many watched words a list holds after a change. */
  words?: number;
}

export interface ModActionRecord {
  kind: ModActionKind;
  /** Null for site-wide actions. */
  communityId: string | null;
  actor: { id: string; group: ModGroup } | { id: null; group: 'automatic' };
  target: { type: ModActionTarget; id: string };
  /** The user acted on, or the author of what was acted on. */
  targetUserId?: string | null;
  postId?: string | null;
  commentId?: string | null;
  details?: ModActionDetails;
  expiresAt?: Date | null;
  reason?: string | null;
}

/** The longest start of a comment an entry keeps. */
const EXCERPT_MAX = 100;

/** The start of a comment's body, as an entry keeps it. */
export function excerptOf(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;
}

/** What an entry keeps of a user acted on: the target, and their name as it was. */
export function userEntry(user: { id: string; username: string }): Pick<ModActionRecord, 'target' | 'targetUserId' | 'details'> {
  return { target: { type: 'user', id: user.id }, targetUserId: user.id, details: { username: user.username } };
}

/** Who acts in a site-wide entry: an admin, in no community. */
export function siteAdmin(admin: { id: string }): Pick<ModActionRecord, 'communityId' | 'actor'> {
  return { communityId: null, actor: { id: admin.id, group: 'admins' } };
}

/** The capacity a user acts in where they may moderate: admins who are not mods there act as admins. */
export function groupOf(user: { isAdmin: boolean }, isMod: boolean): ModGroup {
  return user.isAdmin && !isMod ? 'admins' : 'mods';
}

/** The capacity `user`, who may moderate the community, acts in there. */
export async function groupIn(db: Db, communityId: string, user: { id: string; isAdmin: boolean }): Promise<ModGroup> {
  return user.isAdmin ? groupOf(user, (await getStanding(db, communityId, user.id)).isMod) : 'mods';
}

export async function recordModAction(tx: Tx, action: ModActionRecord): Promise<void> {
  await tx`
    insert into mod_actions (
      kind, community_id, actor_id, actor_group, target_type, target_id, target_user_id,
      post_id, comment_id, details, expires_at, reason
    ) values (
      ${action.kind}, ${action.communityId}, ${action.actor.id}, ${action.actor.group}, ${action.target.type}, ${action.target.id},
      ${action.targetUserId ?? null}, ${action.postId ?? null}, ${action.commentId ?? null},
      ${tx.json((action.details ?? {}) as never)}, ${action.expiresAt ?? null}, ${action.reason ?? null}
    )`;
}
