// Changes to a user's account that take more than one statement, each in one transaction.
import { Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type { BadgeType } from '@quorum/shared/entities/users';
import type { Db, Sql } from '../db/connect.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { attachImages, markImageDeleted } from '../images/queries.ts';
import type { Jobs } from '../jobs/queue.ts';
import { queueNotification } from '../notifications/jobs.ts';
import { anonymiseUser, deleteBadge, insertBadge, setProPic } from './account-queries.ts';
import { assertPassword } from './credentials.ts';

/** Only the user themself changes their account; admins may too. */
export function assertOwnAccount(actor: { id: string; isAdmin: boolean }, userId: string): void {
  if (actor.id !== userId && !actor.isAdmin) throw forbidden(Messages.onlyOwnAccount);
}

/**
 * Puts a fresh upload of `image.uploadedBy` in the user's profile picture, or removes the picture
 * (`image` null); the picture it replaces is deleted.
 */
export async function replaceProPic(sql: Sql, userId: string, image: { id: string; uploadedBy: string } | null): Promise<void> {
  await sql.begin(async (tx) => {
    if (image) await attachImages(tx, [image.id], image.uploadedBy);
    const previous = await setProPic(tx, userId, image?.id ?? null);
    if (previous) await markImageDeleted(tx, previous);
  });
}

/**
 * Deletes the account of `userId` after checking its password (403 'Invalid password'). The
 * account is anonymised and logged out everywhere; its posts and comments stay, shown with a
 * deleted author.
 */
export async function deleteAccount(sql: Sql, userId: string, password: string): Promise<void> {
  await assertPassword(sql, userId, password);
  await sql.begin(async (tx) => {
    const [picture] = await tx<{ proPicId: string | null }[]>`select pro_pic_id from users where id = ${userId} for update`;
    await anonymiseUser(tx, userId);
    if (picture?.proPicId) await markImageDeleted(tx, picture.proPicId);
  });
}

/** Gives a user a badge, and tells them when it is new to them (giving it twice changes nothing). */
export async function awardBadge(db: Db, jobs: Jobs, userId: string, type: BadgeType): Promise<void> {
  if (await insertBadge(db, userId, type)) await queueNotification(jobs, { kind: 'new_badge', userId, badgeType: type });
}

/** Takes a badge away by its id, or by its type when `byType`; a 404 when the user has no such badge. */
export async function removeBadge(db: Db, userId: string, badge: string, byType: boolean): Promise<void> {
  const target = byType ? { type: badge } : isUuid(badge) ? { id: badge } : undefined;
  if (!target || !(await deleteBadge(db, userId, target))) throw notFound(Messages.badgeNotFound);
}
