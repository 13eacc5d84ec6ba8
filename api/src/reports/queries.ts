import type { ReportReason } from '@quorum/shared/types';
import type { Db } from '../db/connect.ts';

export async function listReportReasons(db: Db): Promise<ReportReason[]> {
  return db<ReportReason[]>`select id, title, description from report_reasons order by id`;
}
