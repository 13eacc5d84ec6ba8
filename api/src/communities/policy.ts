import { Messages } from '@quorum/shared/errors';
import type { Db } from '../db/connect.ts';
import { forbidden, notFound } from '../http/errors.ts';
import type { SiteSettingsRow } from '../site/settings.ts';
import { communityExists } from './queries.ts';

/** Where a user stands in a community. */
export interface Standing {
  isMember: boolean;
  isMod: boolean;
  isBanned: boolean;
}

const NOBODY: Standing = { isMember: false, isMod: false, isBanned: false };

export async function getStanding(db: Db, communityId: string, userId: string | null): Promise<Standing> {
  if (!userId) return NOBODY;
  const [row] = await db<Standing[]>`
    select
      exists (select 1 from community_members where community_id = ${communityId} and user_id = ${userId}) as is_member,
      exists (select 1 from community_mods where community_id = ${communityId} and user_id = ${userId}) as is_mod,
      exists (select 1 from community_bans where community_id = ${communityId} and user_id = ${userId}
              and (expires_at is null or expires_at > now())) as is_banned`;
  return row ?? NOBODY;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else names no community (a 404, not a database error). */
export function isId(text: string): boolean {
  return UUID.test(text);
}

/**
 * Refuses with 404 when the community does not exist and 403 when `user` may not moderate it;
 * the caller has already made sure there is a user.
 */
export async function assertCanModerate(db: Db, user: { id: string; isAdmin: boolean }, communityId: string): Promise<void> {
  if (!isId(communityId) || !(await communityExists(db, communityId))) throw notFound(Messages.communityNotFound);
  if (!canModerate(user, await getStanding(db, communityId, user.id))) throw forbidden();
}
