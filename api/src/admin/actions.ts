// Site-wide bans: an admin bans or unbans an account, optionally deleting what it wrote.
import { Messages } from '@quorum/shared/errors';
import type { Sql } from '../db/connect.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { queueUserContentDeletion } from '../jobs/admin-jobs.ts';
import type { Jobs } from '../jobs/queue.ts';
import { getUserByName } from '../users/queries.ts';
import { banAccount, unbanAccount } from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Bans a user: they are logged out everywhere and can no longer log in. With `deleteContentDays`
 * (0: everything, N: the last N days) their posts and comments are deleted by a background job.
 * Admins cannot be banned.
 */
export async function banUser(
  sql: Sql,
  jobs: Jobs,
  admin: { id: string },
  input: { username: string; deleteContentDays?: number | null },
): Promise<void> {
  const user = await getUserByName(sql, input.username);
  if (!user || user.deletedAt) throw notFound(Messages.userNotFound);
  if (user.isAdmin) throw forbidden(Messages.cannotBanAdmin);
  await sql.begin((tx) => banAccount(tx, user.id));
  const days = input.deleteContentDays;
  if (days === undefined || days === null) return;
  // The window is fixed now, so that a retried job deletes the same content.
  const since = days === 0 ? null : new Date(Date.now() - days * DAY_MS).toISOString();
  await queueUserContentDeletion(jobs, { userId: user.id, adminId: admin.id, since });
}

export async function unbanUser(sql: Sql, username: string): Promise<void> {
  if (!(await unbanAccount(sql, username))) throw notFound(Messages.userNotFound);
}
