// Reads that answer 404 when the community is not there.
import { isUuid } from '@quorum/shared/schemas/common';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { Db } from '../db/connect.ts';
import { forbidden, notFound, type HttpError } from '../http/errors.ts';
import type { CommunityRow } from './community-present.ts';
import { communityExists, getCommunityById, getCommunityByName, getStanding } from './community-queries.ts';
import { canModerate } from './policy.ts';

/** A community as `viewerId` sees it; 404 unless `id` names one that is not deleted. */
export async function loadCommunity(db: Db, id: string, viewerId: string | null): Promise<CommunityRow> {
  const row = isUuid(id) ? await getCommunityById(db, id, viewerId) : undefined;
  if (!row) throw notFound(Messages.communityNotFound);
  return row;
}

export async function loadCommunityByName(db: Db, name: string, viewerId: string | null): Promise<CommunityRow> {
  const row = await getCommunityByName(db, name, viewerId);
  if (!row) throw notFound(Messages.communityNotFound);
  return row;
}

/** A 404 unless `id` names a community that is not deleted (ids are UUIDs; anything else names none). */
export async function assertCommunityExists(db: Db, id: string): Promise<void> {
  if (!isUuid(id) || !(await communityExists(db, id))) throw notFound(Messages.communityNotFound);
}

/** A 404 when the community does not exist and a 403 when `user` may not moderate it. */
export async function assertCanModerate(db: Db, user: { id: string; isAdmin: boolean }, communityId: string): Promise<void> {
  await assertCommunityExists(db, communityId);
  if (!canModerate(user, await getStanding(db, communityId, user.id))) throw forbidden();
}

/** The 403 banned_from_community of a user banned from the community named `communityName`. */
export function bannedFrom(communityName: string): HttpError {
  return forbidden(Messages.bannedFrom(communityName), ErrorCode.bannedFromCommunity);
}

/** A 403 banned_from_community when `userId` is banned from the community. */
export async function assertNotBanned(db: Db, community: { id: string; name: string }, userId: string): Promise<void> {
  if ((await getStanding(db, community.id, userId)).isBanned) throw bannedFrom(community.name);
}
