import type { Session } from '@quorum/shared/entities/sessions';
import { describeDevice } from './device.ts';
import type { SessionRow } from './queries.ts';

export function presentSession(row: SessionRow): Session {
  return {
    id: row.publicId,
    device: describeDevice(row.userAgent),
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.current,
  };
}
