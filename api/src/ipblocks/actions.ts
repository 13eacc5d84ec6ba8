import { IP_BLOCKS_PAGE_SIZE } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import { blockAddressText, parseBlockAddress } from '@quorum/shared/ip-blocks';
import { isUuid } from '@quorum/shared/schemas/common';
import type { Db, Sql, Tx } from '../db/connect.ts';
import { cursorValue, decodeCursor, pageOf } from '../http/cursor.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { recordModAction, siteAdmin } from '../modlog/record.ts';
import type { IpBlockList } from './enforce.ts';
import type { IpBlockRow } from './present.ts';
import * as q from './queries.ts';

async function loadIpBlock(db: Db, id: string): Promise<IpBlockRow> {
  const row = isUuid(id) ? await q.getIpBlock(db, id) : undefined;
  if (!row) throw notFound(Messages.ipBlockNotFound);
  return row;
}

export async function listIpBlocks(db: Db, next?: string): Promise<{ rows: IpBlockRow[]; next: string | null }> {
  const cursor = decodeCursor(next, 'ipblocks', cursorValue.none);
  const rows = await q.listIpBlocks(db, IP_BLOCKS_PAGE_SIZE, cursor?.id);
  return pageOf(rows, IP_BLOCKS_PAGE_SIZE, (last) => ({ sort: 'ipblocks', value: null, id: last.id }));
}

/** Records an admin's action on a block in the site's moderation log; the address shows to admins only. */
async function recordBlockAction(tx: Tx, kind: 'block_ip' | 'cancel_ip_block', admin: { id: string }, block: IpBlockRow): Promise<void> {
  await recordModAction(tx, {
    kind,
    ...siteAdmin(admin),
    target: { type: 'ip_block', id: block.id },
    details: { address: blockAddressText({ ip: block.ip, maskedBits: block.maskedBits }) },
    expiresAt: kind === 'block_ip' ? block.expiresAt : null,
  });
}

/** Adds a block in the caller's transaction, recorded in the moderation log. */
export async function addIpBlock(
  tx: Tx,
  admin: { id: string },
  block: { ip: string; maskedBits: number; expiresInHours: number | null; note: string | null },
): Promise<IpBlockRow> {
  const id = await q.insertIpBlock(tx, { ...block, createdBy: admin.id });
  const row = await loadIpBlock(tx, id);
  await recordBlockAction(tx, 'block_ip', admin, row);
  return row;
}

/** Blocks an address or range (a wildcard becomes a range) for `expiresIn` hours, or until cancelled when null. */
export async function blockIp(
  sql: Sql,
  list: IpBlockList,
  admin: { id: string },
  input: { address: string; expiresIn: number | null; note: string | null },
): Promise<IpBlockRow> {
  const range = parseBlockAddress(input.address);
  if (!range) throw badRequest(Messages.invalidIpAddress);
  const block = await sql.begin((tx) =>
    addIpBlock(tx, admin, { ip: range.ip, maskedBits: range.maskedBits, expiresInHours: input.expiresIn, note: input.note || null }),
  );
  await list.refresh();
  return block;
}

export async function cancelIpBlock(sql: Sql, list: IpBlockList, admin: { id: string }, id: string): Promise<IpBlockRow> {
  const block = await sql.begin(async (tx) => {
    if (!isUuid(id) || !(await q.cancelIpBlock(tx, id))) throw notFound(Messages.ipBlockNotFound);
    const row = await loadIpBlock(tx, id);
    await recordBlockAction(tx, 'cancel_ip_block', admin, row);
    return row;
  });
  await list.refresh();
  return block;
}
