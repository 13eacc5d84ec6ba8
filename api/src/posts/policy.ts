import type { UserGroup } from '@quorum/shared/entities/users';
import { canActAs, canModerate, type Actor, type Standing } from '../content/policy.ts';
import type { SiteSettingsRow } from '../site/present.ts';

/** Where posting is restricted, only the community's mods and admins post; anyone else not banned may. */
export function canPostIn(user: Actor, standing: Standing, community: { postingRestricted: boolean }): boolean {
  return !community.postingRestricted || canModerate(user, standing);
}

/** Image and link posts need the site's minimum points; admins are exempt. */
export function hasPointsFor(type: 'image' | 'link', user: Actor & { points: number }, settings: SiteSettingsRow): boolean {
  const required = type === 'image' ? settings.imagePostSubmitReqPoints : settings.linkPostSubmitReqPoints;
  return user.isAdmin || user.points >= required;
}

/** Purging a post's content: its author and admins only (mods can delete, not purge). */
export function canPurgeContent(user: Actor, authorId: string): boolean {
  return user.isAdmin || user.id === authorId;
}

/** Editing a post's words or how it is signed: its author only. */
export function canEditPost(user: Actor, post: { userId: string }): boolean {
  return user.id === post.userId;
}

/** Locking is done as mods or admins, never as a normal user. */
export function canLockAs(user: Actor, standing: Standing, group: UserGroup): boolean {
  return group !== 'normal' && canActAs(user, standing, group);
}

/** The group a lock is made as when none is named: admins who are not mods there lock as admins. */
export function defaultLockGroup(user: Actor, standing: Standing): UserGroup {
  return user.isAdmin && !standing.isMod ? 'admins' : 'mods';
}

/** Pinning site-wide is for admins; pinning in a community for its mods and admins. */
export function canPin(user: Actor, standing: Standing, siteWide: boolean): boolean {
  return siteWide ? user.isAdmin : canModerate(user, standing);
}

/** Announcing a post to every user is for admins. */
export function canAnnounce(user: Actor): boolean {
  return user.isAdmin;
}
