import { Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type { Db } from '../db/connect.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { MuteRow } from './present.ts';
import { insertMute } from './queries.ts';

/** Mutes a user: their posts leave every feed of `userId`. Nobody mutes themself. */
export async function muteUser(db: Db, userId: string, mutedUserId: string): Promise<MuteRow> {
  if (!isUuid(mutedUserId)) throw notFound(Messages.userNotFound);
  if (mutedUserId.toLowerCase() === userId) throw badRequest(Messages.cannotMuteSelf);
  const mute = await insertMute(db, userId, 'user', mutedUserId);
  if (!mute) throw notFound(Messages.userNotFound);
  return mute;
}

/** Mutes a community: it leaves the All feed of `userId`. */
export async function muteCommunity(db: Db, userId: string, communityId: string): Promise<MuteRow> {
  const mute = isUuid(communityId) ? await insertMute(db, userId, 'community', communityId) : undefined;
  if (!mute) throw notFound(Messages.communityNotFound);
  return mute;
}
