import type { ReportReason } from '@quorum/shared/types';

export interface ReportReasonRow {
  id: number;
  title: string;
  description: string | null;
}

export function presentReportReason(row: ReportReasonRow): ReportReason {
  return { id: row.id, title: row.title, description: row.description };
}
