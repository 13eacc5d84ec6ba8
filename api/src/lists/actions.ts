// Who may see and change a list, and the changes. Private lists do not exist for anyone but
// their owner: every other viewer gets the same 404 as for a list that is not there.
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { ListBody, UpdateListBody } from '@quorum/shared/schemas/lists';
import { isUuid } from '@quorum/shared/schemas/common';
import type { ContentType } from '@quorum/shared/entities/reports';
import type { SessionUser } from '../auth/session-queries.ts';
import type { Db } from '../db/connect.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { getUserByName } from '../users/queries.ts';
import type { ListRow } from './present.ts';
import * as q from './queries.ts';

type Viewer = Pick<SessionUser, 'id'> | null;

const isOwner = (list: ListRow, viewer: Viewer) => viewer !== null && list.userId === viewer.id;

/** The id of the user a lists address names; 404 when there is no such user. */
export async function loadListOwner(db: Db, username: string): Promise<{ id: string; username: string }> {
  const user = await getUserByName(db, username);
  if (!user || user.deletedAt) throw notFound(Messages.userNotFound);
  return { id: user.id, username: user.username };
}

/** A list `viewer` may see: a public one, or one of their own. */
function visible(list: ListRow | undefined, viewer: Viewer): ListRow {
  if (!list || (!list.public && !isOwner(list, viewer))) throw notFound(Messages.listNotFound);
  return list;
}

export async function loadListByName(db: Db, username: string, name: string, viewer: Viewer): Promise<ListRow> {
  const owner = await loadListOwner(db, username);
  return visible(await q.getListByName(db, owner.id, name), viewer);
}

export async function loadListById(db: Db, id: string, viewer: Viewer): Promise<ListRow> {
  return visible(isUuid(id) ? await q.getListById(db, id) : undefined, viewer);
}

/** A list `user` may change: their own. Others' public lists are a 403, private ones a 404. */
export function assertOwnList(list: ListRow, user: SessionUser): void {
  if (!isOwner(list, user)) throw forbidden(Messages.notYourList);
}

const listExists = (name: string) => conflict(ErrorCode.listExists, Messages.listExists(name));

/** Creates a list of `user`, who must be the owner the address names. */
export async function createList(db: Db, user: SessionUser, username: string, body: ListBody): Promise<void> {
  const owner = await loadListOwner(db, username);
  if (owner.id !== user.id) throw forbidden(Messages.notYourList);
  const id = await q.insertList(db, user.id, {
    name: body.name,
    displayName: body.displayName || body.name,
    description: body.description || null,
    public: body.public,
  });
  if (!id) throw listExists(body.name);
}

/** Renames, describes or publishes a list; fields left out keep their values. */
export async function editList(db: Db, list: ListRow, changes: UpdateListBody): Promise<void> {
  const name = changes.name ?? list.name;
  const saved = await q.updateList(db, list.id, {
    name,
    displayName: changes.displayName === undefined ? list.displayName : changes.displayName || name,
    description: changes.description === undefined ? list.description : changes.description || null,
    public: changes.public ?? list.public,
  });
  if (!saved) throw listExists(name);
}

/** Saves a post or a comment to a list; deleted ones cannot be saved. */
export async function addListItem(db: Db, list: ListRow, type: ContentType, targetId: string): Promise<void> {
  const target = isUuid(targetId) ? await q.getTargetState(db, type, targetId) : undefined;
  if (!target) throw notFound(type === 'post' ? Messages.postNotFound : Messages.commentNotFound);
  if (target.deleted) throw badRequest(type === 'post' ? Messages.postDeleted : Messages.commentIsDeleted);
  await q.insertListItem(db, list.id, type, targetId);
}

/** Takes a post or a comment out of a list (also a deleted one); one that is not there changes nothing. */
export async function removeListItem(db: Db, list: ListRow, type: ContentType, targetId: string): Promise<void> {
  if (isUuid(targetId)) await q.deleteListItem(db, list.id, type, targetId);
}
