import { blockAddressText } from '@quorum/shared/ip-blocks';
import type { IpBlock } from '@quorum/shared/entities/ip-blocks';

export interface IpBlockRow {
  id: string;
  ip: string;
  maskedBits: number;
  createdAt: Date;
  createdBy: string | null;
  expiresAt: Date | null;
  cancelledAt: Date | null;
  inEffect: boolean;
  associatedUsers: string[];
  noAssociatedUsers: number;
  note: string | null;
}

export function presentIpBlock(row: IpBlockRow): IpBlock {
  return {
    id: row.id,
    ip: blockAddressText({ ip: row.ip, maskedBits: row.maskedBits }),
    maskedBits: row.maskedBits,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    inEffect: row.inEffect,
    associatedUsers: row.associatedUsers,
    noAssociatedUsers: row.noAssociatedUsers,
    note: row.note,
  };
}
