// Refusing writes from blocked addresses. The blocks in effect are kept in memory: reloaded when
// this process changes one, and at most BLOCKS_REFRESH_MS after the last load so that changes
// made through another process or machine apply within moments (the embedded database has no
// LISTEN/NOTIFY to announce them, and the list of blocks in effect is small and cheap to read).
import type { FastifyRequest } from 'fastify';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { clientIpBytes, parseIp, rangeContains, unmappedRange, type IpBytes } from '@quorum/shared/ip-blocks';
import type { Db } from '../db/connect.ts';
import { forbidden } from '../http/errors.ts';
import { listActiveBlocks } from './queries.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Blocked addresses may still call the route (logging in and out). */
    ipBlockExempt?: boolean;
  }
}

/** How long the blocks in memory are believed without a reload. */
export const BLOCKS_REFRESH_MS = 2_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface CachedBlock {
  bytes: IpBytes;
  maskedBits: number;
  expiresAt: number | null;
}

export interface IpBlockList {
  /** Reloads the blocks in effect; call after a change. */
  refresh(): Promise<void>;
  isBlocked(address: string): Promise<boolean>;
}

export function createIpBlockList(db: Db): IpBlockList {
  let blocks: CachedBlock[] = [];
  let loadedAt = -Infinity;
  // Loads may overlap (a change while a periodic reload runs): the one started last wins, as it
  // read the blocks last.
  let started = 0;
  let applied = 0;
  let periodic: Promise<void> | undefined;

  async function load(): Promise<void> {
    const generation = ++started;
    const at = Date.now();
    const rows = await listActiveBlocks(db);
    if (generation < applied) return;
    applied = generation;
    blocks = rows.flatMap((row) => {
      const bytes = parseIp(row.ip);
      // Blocks stored before mapped addresses were turned into IPv4 ones match as IPv4 too.
      return bytes ? [{ ...unmappedRange({ bytes, maskedBits: row.maskedBits }), expiresAt: row.expiresAt?.getTime() ?? null }] : [];
    });
    loadedAt = at;
  }

  return {
    refresh: load,
    async isBlocked(address) {
      if (Date.now() - loadedAt >= BLOCKS_REFRESH_MS) {
        periodic ??= load().finally(() => (periodic = undefined));
        await periodic;
      }
      const bytes = clientIpBytes(address);
      if (!bytes) return false;
      const now = Date.now();
      return blocks.some((block) => (block.expiresAt === null || block.expiresAt > now) && rangeContains(block, bytes));
    },
  };
}

/**
 * The API's hook: a state-changing call from a blocked address is a 403 `ip_blocked`, except on
 * routes marked `ipBlockExempt` and for admins, so that an admin cannot lock themselves out.
 * Runs after the session is read.
 */
export function refuseBlockedAddresses(list: IpBlockList) {
  return async (request: FastifyRequest): Promise<void> => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.ipBlockExempt || request.user?.isAdmin) return;
    if (await list.isBlocked(request.ip)) throw forbidden(Messages.ipBlocked, ErrorCode.ipBlocked);
  };
}
