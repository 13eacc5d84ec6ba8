// Bans from a community: who is banned, banning and unbanning.
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { User } from '@quorum/shared/entities/users';
import type { SessionUser } from '../auth/session-queries.ts';
import { assertCanModerate } from '../content/community-load.ts';
import { getStanding } from '../content/community-queries.ts';
import type { Db, Sql } from '../db/connect.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { groupIn, recordModAction, userEntry } from '../modlog/record.ts';
import { resolveReports } from '../reports/queries.ts';
import { presentUser, type UserRow } from '../users/present.ts';
import { getUserByName } from '../users/queries.ts';
import { deleteBan, insertBan, listBannedUserIds } from './mod-queries.ts';
import { presentUsersInOrder } from './mods.ts';
import { canBeBanned } from './policy.ts';
import { lockCommunity, setMembership } from './queries.ts';

/** The users banned from a community now, the latest first: for its mods and admins. */
export async function listBanned(db: Db, actor: SessionUser, communityId: string): Promise<User[]> {
  await assertCanModerate(db, actor, communityId);
  return presentUsersInOrder(db, await listBannedUserIds(db, communityId));
}

/** A user who is not deleted, by name; a 404 otherwise. */
async function loadTarget(db: Db, username: string): Promise<UserRow> {
  const target = await getUserByName(db, username);
  if (!target || target.deletedAt) throw notFound(Messages.noUserWithUsername);
  return target;
}

/**
 * Bans a user from a community, for good or until `expires`; they stop being a member and the open
 * reports of what they wrote there are closed as 'banned'. The community's mods and admins cannot
 * be banned (403); banning twice is a 409.
 */
export async function banFromCommunity(
  sql: Sql,
  actor: SessionUser,
  communityId: string,
  input: { username: string; expires?: string | null; reason?: string | null },
): Promise<User> {
  await assertCanModerate(sql, actor, communityId);
  const target = await loadTarget(sql, input.username);
  const expiresAt = input.expires ? new Date(input.expires) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw badRequest(Messages.banMustEnd);
  await sql.begin(async (tx) => {
    if (!(await lockCommunity(tx, communityId))) throw notFound(Messages.communityNotFound);
    if (!canBeBanned(target, await getStanding(tx, communityId, target.id))) throw forbidden(Messages.cannotBanModOrAdmin);
    const banned = await insertBan(tx, { communityId, userId: target.id, bannedBy: actor.id, expiresAt });
    if (!banned) throw conflict(ErrorCode.alreadyBanned, Messages.alreadyBanned(target.username));
    await setMembership(tx, communityId, target.id, false);
    await resolveReports(tx, { communityId, authorId: target.id }, 'banned', actor.id);
    await recordModAction(tx, {
      kind: 'ban_user',
      communityId,
      actor: { id: actor.id, group: await groupIn(tx, communityId, actor) },
      ...userEntry(target),
      expiresAt,
      reason: input.reason ?? null,
    });
  });
  return presentUser(target, null);
}

/** What the moderation log keeps of an action on a user. */

/** Lifts a user's ban from a community; a 404 when they are not banned there. */
export async function unbanFromCommunity(sql: Sql, actor: SessionUser, communityId: string, username: string): Promise<User> {
  await assertCanModerate(sql, actor, communityId);
  const target = await loadTarget(sql, username);
  await sql.begin(async (tx) => {
    if (!(await deleteBan(tx, communityId, target.id))) throw notFound(Messages.notBanned(target.username));
    await recordModAction(tx, { kind: 'unban_user', communityId, actor: { id: actor.id, group: await groupIn(tx, communityId, actor) }, ...userEntry(target) });
  });
  return presentUser(target, null);
}
