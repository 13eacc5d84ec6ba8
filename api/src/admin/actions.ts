// Site-wide bans: an admin bans or unbans an account, optionally deleting what it wrote and
// blocking the address it was last seen from.
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { parseBlockAddress } from '@quorum/shared/ip-blocks';
import type { Sql, Tx } from '../db/connect.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import type { Jobs } from '../jobs/queue.ts';
import { recordModAction, siteAdmin, userEntry } from '../modlog/record.ts';
import { getUserByName } from '../users/queries.ts';
import { queueUserContentDeletion } from './jobs.ts';
import { banAccount, unbanAccount } from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How a ban blocks an address: IP blocks are their own domain, so the app hands bans this
 * rather than the admin domain reaching into it.
 */
export interface AddressBlocker {
  /** Adds a block that lasts until cancelled, in the caller's transaction (which records it in the moderation log). */
  add(tx: Tx, block: { ip: string; maskedBits: number; createdBy: string; note: string }): Promise<void>;
  /** Puts the added blocks in effect; called once they are committed. */
  refresh(): Promise<void>;
}

/**
 * Bans a user: they are logged out everywhere and can no longer log in. With `deleteContentDays`
 * (0: everything, N: the last N days) their posts and comments are deleted by a background job.
 * With `blockLastAddress`, the address they were last seen from (or signed up from) is blocked
 * until cancelled, as an admin's IP block would (the /64 of an IPv6 address), so that they cannot
 * sign up again from there. Admins cannot be banned.
 */
export async function banUser(
  sql: Sql,
  jobs: Jobs,
  blocker: AddressBlocker,
  admin: { id: string },
  input: { username: string; deleteContentDays?: number | null; blockLastAddress?: boolean; reason?: string | null },
): Promise<void> {
  const user = await getUserByName(sql, input.username);
  if (!user || user.deletedAt) throw notFound(Messages.userNotFound);
  if (user.isAdmin) throw forbidden(Messages.cannotBanAdmin);
  const lastAddress = user.lastSeenIp ?? user.createdIp;
  const range = input.blockLastAddress && lastAddress ? parseBlockAddress(lastAddress) : null;
  if (input.blockLastAddress && !range) throw conflict(ErrorCode.noKnownAddress, Messages.noKnownAddress);
  await sql.begin(async (tx) => {
    await banAccount(tx, user.id);
    if (range) {
      await blocker.add(tx, { ip: range.ip, maskedBits: range.maskedBits, createdBy: admin.id, note: `Last address of @${user.username}, banned.` });
    }
    await recordModAction(tx, { kind: 'ban_user_site', ...siteAdmin(admin), ...userEntry(user), reason: input.reason ?? null });
  });
  if (range) await blocker.refresh();
  const days = input.deleteContentDays;
  if (days === undefined || days === null) return;
  // The window is fixed now, so that a retried job deletes the same content.
  const since = days === 0 ? null : new Date(Date.now() - days * DAY_MS).toISOString();
  await queueUserContentDeletion(jobs, { userId: user.id, adminId: admin.id, since });
}

export async function unbanUser(sql: Sql, admin: { id: string }, username: string): Promise<void> {
  await sql.begin(async (tx) => {
    const user = await unbanAccount(tx, username);
    if (!user) throw notFound(Messages.userNotFound);
    await recordModAction(tx, { kind: 'unban_user_site', ...siteAdmin(admin), ...userEntry(user) });
  });
}
