import { IP_BLOCK_USERS_SHOWN } from '@quorum/shared/constants';
import type { Db } from '../db/connect.ts';
import type { IpBlockRow } from './present.ts';

function selectBlocks(db: Db) {
  // Users whose sign-up or last-seen address lies in the block.
  const inBlock = db`(u.created_ip <<= set_masklen(b.ip, b.masked_bits) or u.last_seen_ip <<= set_masklen(b.ip, b.masked_bits))`;
  return db`
    select b.id, host(b.ip) as ip, b.masked_bits, b.created_at, creator.username as created_by, b.expires_at, b.cancelled_at,
      b.cancelled_at is null and (b.expires_at is null or b.expires_at > now()) as in_effect,
      array(select u.username from users u where ${inBlock} order by lower(u.username) limit ${IP_BLOCK_USERS_SHOWN}) as associated_users,
      (select count(*)::int from users u where ${inBlock}) as no_associated_users,
      b.note
    from ip_blocks b left join users creator on creator.id = b.created_by`;
}

export async function insertIpBlock(
  db: Db,
  block: { ip: string; maskedBits: number; createdBy: string; expiresInHours: number | null; note: string | null },
): Promise<string> {
  const expiresAt = block.expiresInHours === null ? null : db`now() + make_interval(secs => ${block.expiresInHours * 3600})`;
  const [row] = await db<{ id: string }[]>`
    insert into ip_blocks (ip, masked_bits, created_by, expires_at, note)
    values (${block.ip}::inet, ${block.maskedBits}, ${block.createdBy}, ${expiresAt}, ${block.note})
    returning id`;
  if (!row) throw new Error('insert into ip_blocks returned nothing');
  return row.id;
}

export async function getIpBlock(db: Db, id: string): Promise<IpBlockRow | undefined> {
  const [row] = await db<IpBlockRow[]>`${selectBlocks(db)} where b.id = ${id}`;
  return row;
}

/** Every block, newest first (limit + 1 rows). */
export async function listIpBlocks(db: Db, limit: number, beforeId?: string): Promise<IpBlockRow[]> {
  return db<IpBlockRow[]>`
    ${selectBlocks(db)}
    ${beforeId ? db`where b.id < ${beforeId}` : db``}
    order by b.id desc
    limit ${limit + 1}`;
}

/** Cancels a block (a cancelled one keeps its first cancellation time); false when there is no such block. */
export async function cancelIpBlock(db: Db, id: string): Promise<boolean> {
  const rows = await db`update ip_blocks set cancelled_at = coalesce(cancelled_at, now()) where id = ${id} returning id`;
  return rows.length > 0;
}

export interface ActiveBlock {
  ip: string;
  maskedBits: number;
  expiresAt: Date | null;
}

/** The blocks in effect now. */
export async function listActiveBlocks(db: Db): Promise<ActiveBlock[]> {
  return db<ActiveBlock[]>`
    select host(ip) as ip, masked_bits, expires_at from ip_blocks
    where cancelled_at is null and (expires_at is null or expires_at > now())`;
}
