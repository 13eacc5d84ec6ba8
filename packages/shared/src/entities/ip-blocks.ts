import { Type, type Static } from '@sinclair/typebox';
import { Next, Nullable } from './schema.ts';

export const IpBlock = Type.Object({
  id: Type.String(),
  /** The address, with /bits when the block is a range. */
  ip: Type.String(),
  maskedBits: Type.Number(),
  createdAt: Type.String(),
  /** Username of the admin who made it; null when that account is gone. */
  createdBy: Nullable(Type.String()),
  expiresAt: Nullable(Type.String()),
  cancelledAt: Nullable(Type.String()),
  /** Neither cancelled nor expired. */
  inEffect: Type.Boolean(),
  /** At most IP_BLOCK_USERS_SHOWN usernames of users whose sign-up or last-seen address is in the block. */
  associatedUsers: Type.Array(Type.String()),
  /** How many such users there are in all. */
  noAssociatedUsers: Type.Number(),
  note: Nullable(Type.String()),
});
export type IpBlock = Static<typeof IpBlock>;

/** GET /api/ipblocks: newest first. */
export const IpBlocksPage = Type.Object({ blocks: Type.Array(IpBlock), next: Next });
export type IpBlocksPage = Static<typeof IpBlocksPage>;
