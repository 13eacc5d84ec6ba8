import type { Passkey } from '@quorum/shared/entities/passkeys';
import type { PasskeyRow } from './queries.ts';

export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}
