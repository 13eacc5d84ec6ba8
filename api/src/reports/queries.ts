import type { Db } from '../db/connect.ts';
import type { ReportReasonRow } from './present.ts';

export async function listReportReasons(db: Db): Promise<ReportReasonRow[]> {
  return db<ReportReasonRow[]>`select id, title, description from report_reasons order by id`;
}
