import { IP_BLOCKS_PAGE_SIZE } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import { parseBlockAddress } from '@quorum/shared/ip-blocks';
import { isUuid } from '@quorum/shared/schemas/common';
import type { Db } from '../db/connect.ts';
import { cursorValue, decodeCursor, pageOf } from '../http/cursor.ts';
import { badRequest, notFound } from '../http/errors.ts';
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

/** Blocks an address or range (a wildcard becomes a range) for `expiresIn` hours, or until cancelled when null. */
export async function blockIp(
  db: Db,
  list: IpBlockList,
  admin: { id: string },
  input: { address: string; expiresIn: number | null; note: string | null },
): Promise<IpBlockRow> {
  const range = parseBlockAddress(input.address);
  if (!range) throw badRequest(Messages.invalidIpAddress);
  const id = await q.insertIpBlock(db, {
    ip: range.ip,
    maskedBits: range.maskedBits,
    createdBy: admin.id,
    expiresInHours: input.expiresIn,
    note: input.note || null,
  });
  await list.refresh();
  return loadIpBlock(db, id);
}

export async function cancelIpBlock(db: Db, list: IpBlockList, id: string): Promise<IpBlockRow> {
  if (!isUuid(id) || !(await q.cancelIpBlock(db, id))) throw notFound(Messages.ipBlockNotFound);
  await list.refresh();
  return loadIpBlock(db, id);
}
