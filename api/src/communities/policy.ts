import type { Standing } from '../content/policy.ts';
import type { SiteSettingsRow } from '../site/present.ts';

/**
 * Mods are ranked by position, 0 the most senior. A mod manages the mods at or after their own
 * position (themselves included, so anyone may resign) and moves them only to such positions;
 * admins manage all. `actorPosition` is null for users who are not mods of the community.
 */
export function canManageModAt(user: { isAdmin: boolean }, actorPosition: number | null, position: number): boolean {
  return user.isAdmin || (actorPosition !== null && position >= actorPosition);
}

/** Neither the community's mods nor admins can be banned from it. */
export function canBeBanned(target: { isAdmin: boolean }, targetStanding: Standing): boolean {
  return !target.isAdmin && !targetStanding.isMod;
}

/** Admins create communities whatever their points; others need the site's minimum. */
export function hasPointsToCreateCommunity(user: { isAdmin: boolean; points: number }, settings: SiteSettingsRow): boolean {
  return user.isAdmin || user.points >= settings.communityCreateReqPoints;
}

/** Admins moderate any number of communities; others up to the site's maximum. */
export function canModerateAnother(user: { isAdmin: boolean }, moderating: number, settings: SiteSettingsRow): boolean {
  return user.isAdmin || moderating < settings.maxCommunitiesModerated;
}
