import type { SiteSettingsRow } from '../site/present.ts';

/** Where a user stands in a community. */
export interface Standing {
  isMember: boolean;
  isMod: boolean;
  isBanned: boolean;
}

/** Admins moderate every community; mods their own. */
export function canModerate(user: { isAdmin: boolean } | null, standing: Standing): boolean {
  return Boolean(user?.isAdmin) || standing.isMod;
}

/** Admins create communities whatever their points; others need the site's minimum. */
export function hasPointsToCreateCommunity(user: { isAdmin: boolean; points: number }, settings: SiteSettingsRow): boolean {
  return user.isAdmin || user.points >= settings.communityCreateReqPoints;
}

/** Admins moderate any number of communities; others up to the site's maximum. */
export function canModerateAnother(user: { isAdmin: boolean }, moderating: number, settings: SiteSettingsRow): boolean {
  return user.isAdmin || moderating < settings.maxCommunitiesModerated;
}
