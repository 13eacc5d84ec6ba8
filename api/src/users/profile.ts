import { ADMIN_USERS_PAGE_SIZE } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { Db } from '../db/connect.ts';
import { cursorValue, decodeCursor, pageOf } from '../http/cursor.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { UserRow } from './present.ts';
import { getUserByName, listUsers } from './queries.ts';

/**
 * The user whose profile `viewer` asks for. A deleted or suspended account is hidden from all but
 * admins, with a 404 whose code and message tell the two apart from a name nobody holds.
 */
export async function loadProfile(db: Db, username: string, viewer: { isAdmin: boolean } | null): Promise<UserRow> {
  const user = await getUserByName(db, username);
  if (!user) throw notFound(Messages.userNotFound);
  if (!viewer?.isAdmin) {
    if (user.deletedAt) throw new HttpError(404, ErrorCode.accountDeleted, Messages.accountDeleted);
    if (user.bannedAt) throw new HttpError(404, ErrorCode.accountSuspended, Messages.accountSuspended);
  }
  return user;
}

/**
 * A page of accounts, newest first, after the cursor `next` (the admins' list): every one, or those
 * whose name or email contains `search`.
 */
export async function loadUsersPage(db: Db, query: { next?: string; q?: string }): Promise<{ rows: UserRow[]; next: string | null }> {
  const cursor = decodeCursor(query.next, 'users', cursorValue.none);
  const rows = await listUsers(db, ADMIN_USERS_PAGE_SIZE, { beforeId: cursor?.id, search: query.q || undefined });
  return pageOf(rows, ADMIN_USERS_PAGE_SIZE, (last) => ({ sort: 'users', value: null, id: last.id }));
}
