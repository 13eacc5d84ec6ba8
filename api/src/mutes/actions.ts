import { Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type { Db } from '../db/connect.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { CommunityMuteRow, UserMuteRow } from './present.ts';
import { insertCommunityMute, insertUserMute } from './queries.ts';

/** Mutes a user: their posts leave every feed of `userId`. Nobody mutes themself. */
export async function muteUser(db: Db, userId: string, mutedUserId: string): Promise<UserMuteRow> {
  if (!isUuid(mutedUserId)) throw notFound(Messages.userNotFound);
  if (mutedUserId.toLowerCase() === userId) throw badRequest(Messages.cannotMuteSelf);
  const mute = await insertUserMute(db, userId, mutedUserId);
  if (!mute) throw notFound(Messages.userNotFound);
  return mute;
}

/** Mutes a community: it leaves the All feed of `userId`. */
export async function muteCommunity(db: Db, userId: string, communityId: string): Promise<CommunityMuteRow> {
  const mute = isUuid(communityId) ? await insertCommunityMute(db, userId, communityId) : undefined;
  if (!mute) throw notFound(Messages.communityNotFound);
  return mute;
}
