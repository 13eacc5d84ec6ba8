import type { DataExport } from '@quorum/shared/entities/exports';
import type { ExportRow } from './queries.ts';

export function presentExport(row: ExportRow): DataExport {
  return {
    id: row.id,
    status: row.readyAt ? 'ready' : 'building',
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
  };
}

/** The downloaded file's name: quorum-<username>-<yyyy-mm-dd>.json, the day it was ready (UTC). */
export function archiveFileName(username: string, readyAt: Date): string {
  return `quorum-${username}-${readyAt.toISOString().slice(0, 10)}.json`;
}
