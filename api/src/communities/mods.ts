// A community's mods: who they are, in order of seniority, and how that list changes.
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { User } from '@quorum/shared/entities/users';
import type { SessionUser } from '../auth/session-queries.ts';
import { assertCanModerate, assertCommunityExists } from '../content/community-load.ts';
import { getStanding } from '../content/community-queries.ts';
import type { Db, Sql, Tx } from '../db/connect.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import type { Jobs } from '../jobs/queue.ts';
import { groupIn, recordModAction, userEntry } from '../modlog/record.ts';
import { queueNotification } from '../notifications/jobs.ts';
import { getSiteSettings } from '../site/settings.ts';
import { presentUser } from '../users/present.ts';
import { getUserByName, getUsersByIds } from '../users/queries.ts';
import { deleteMod, insertMod, listModPlaces, setModOrder, type ModPlace } from './mod-queries.ts';
import { canManageModAt, canModerateAnother } from './policy.ts';
import { countModeratedCommunities, lockCommunity, lockUser, setMembership } from './queries.ts';

/** Users in the order of `ids`, as anyone may see them. */
export async function presentUsersInOrder(db: Db, ids: readonly string[]): Promise<User[]> {
  const rows = new Map((await getUsersByIds(db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [presentUser(row, null)] : [];
  });
}

async function presentMods(db: Db, communityId: string): Promise<User[]> {
  return presentUsersInOrder(db, (await listModPlaces(db, communityId)).map((place) => place.userId));
}

/** A community's mods, most senior first; a 404 when there is no such community. */
export async function listMods(db: Db, communityId: string): Promise<User[]> {
  await assertCommunityExists(db, communityId);
  return presentMods(db, communityId);
}

/**
 * Makes a user a mod of the community, the most junior one, and a member; they are notified.
 * Refuses unknown and deleted users (404), mods already there (409), users banned from the
 * community, and users at the site's limit of communities one may moderate (admins exempt).
 */
export async function addMod(sql: Sql, jobs: Jobs, actor: SessionUser, communityId: string, username: string): Promise<User[]> {
  await assertCanModerate(sql, actor, communityId);
  const target = await getUserByName(sql, username);
  if (!target || target.deletedAt) throw notFound(Messages.userNotFound);
  const settings = await getSiteSettings(sql);
  const communityName = await sql.begin(async (tx) => {
    const name = await lockCommunity(tx, communityId);
    if (!name) throw notFound(Messages.communityNotFound);
    // One user's new places take turns, so that two at once cannot both pass the limit.
    await lockUser(tx, target.id);
    const standing = await getStanding(tx, communityId, target.id);
    if (standing.isMod) throw conflict(ErrorCode.alreadyMod, Messages.alreadyMod(target.username));
    if (standing.isBanned) throw forbidden(Messages.bannedCannotMod(target.username));
    if (!canModerateAnother(target, await countModeratedCommunities(tx, target.id), settings)) {
      throw forbidden(Messages.modLimitReached(target.username), ErrorCode.maxLimitReached);
    }
    await insertMod(tx, communityId, target.id, actor.id);
    await setMembership(tx, communityId, target.id, true);
    await recordModAction(tx, {
      kind: 'add_mod',
      communityId,
      actor: { id: actor.id, group: await groupIn(tx, communityId, actor) },
      ...userEntry(target),
    });
    return name;
  });
  await queueNotification(jobs, { kind: 'mod_add', userId: target.id, communityName, addedBy: actor.username });
  return presentMods(sql, communityId);
}

/**
 * Runs `change` on the community's list of mods, under the community's lock, once the actor may
 * manage the mod named `username` there (see canManageModAt).
 */
async function changeMod(
  sql: Sql,
  actor: SessionUser,
  communityId: string,
  username: string,
  change: (tx: Tx, places: ModPlace[], target: ModPlace, actorPosition: number | null) => Promise<void>,
): Promise<User[]> {
  await assertCanModerate(sql, actor, communityId);
  await sql.begin(async (tx) => {
    if (!(await lockCommunity(tx, communityId))) throw notFound(Messages.communityNotFound);
    const [places, target] = await Promise.all([listModPlaces(tx, communityId), getUserByName(tx, username)]);
    const place = target && places.find((p) => p.userId === target.id);
    if (!place) throw notFound(Messages.notAMod);
    const actorPosition = places.find((p) => p.userId === actor.id)?.position ?? null;
    if (!canManageModAt(actor, actorPosition, place.position)) throw forbidden(Messages.onlyJuniorMods);
    await change(tx, places, place, actorPosition);
  });
  return presentMods(sql, communityId);
}

/** Removes a mod (a mod may resign); the others close the gap. They stay members. */
export async function removeMod(sql: Sql, actor: SessionUser, communityId: string, username: string): Promise<User[]> {
  return changeMod(sql, actor, communityId, username, async (tx, places, target) => {
    // The actor's capacity is read before a mod who resigns stops being one.
    const group = await groupIn(tx, communityId, actor);
    await deleteMod(tx, communityId, target.userId);
    await setModOrder(tx, communityId, places.filter((p) => p !== target).map((p) => p.userId));
    await recordModAction(tx, {
      kind: 'remove_mod',
      communityId,
      actor: { id: actor.id, group },
      ...userEntry({ id: target.userId, username }),
    });
  });
}

/** Moves a mod to `position` (0-based) in the list; the others keep their order around it. */
export async function moveMod(sql: Sql, actor: SessionUser, communityId: string, username: string, position: number): Promise<User[]> {
  return changeMod(sql, actor, communityId, username, async (tx, places, target, actorPosition) => {
    if (position > places.length - 1) throw badRequest(Messages.modPositionOutOfRange(places.length - 1));
    if (!canManageModAt(actor, actorPosition, position)) throw forbidden(Messages.modPositionTooSenior);
    const order = places.filter((p) => p !== target).map((p) => p.userId);
    order.splice(position, 0, target.userId);
    await setModOrder(tx, communityId, order);
  });
}
