// Asking for an archive of one's data: one is built at a time, and one may be asked for an hour.
import type { Sql } from '../db/connect.ts';
import type { Jobs } from '../jobs/queue.ts';
import { newExportFileName, removeDeadExports, type ExportFiles } from './files.ts';
import { buildGivenUpAt, queueExportBuild, queueExportSweep } from './jobs.ts';
import { deleteExports, getBuildingExport, insertExport, secondsUntilNextExport, type ExportRow } from './queries.ts';

/**
 * Starts building an archive of the member's data, or answers the one being built (a second ask,
 * a double click); answers the seconds to wait instead when the member asked for one less than
 * an hour ago. The member's archives that are done with are deleted first.
 */
export async function requestExport(
  sql: Sql,
  jobs: Jobs,
  files: ExportFiles,
  userId: string,
  attempts = 2,
): Promise<{ row: ExportRow } | { waitSeconds: number }> {
  await removeDeadExports(sql, files, { userId });
  const row = await insertExport(sql, userId, newExportFileName());
  if (!row) {
    const building = await getBuildingExport(sql, userId);
    if (building) return { row: building };
    const waitSeconds = await secondsUntilNextExport(sql, userId);
    if (waitSeconds > 0) return { waitSeconds };
    // Neither building nor too soon: what stood in the way (a build given up) was done with meanwhile.
    if (attempts > 1) return requestExport(sql, jobs, files, userId, attempts - 1);
    throw new Error('no archive could be started, and none is being built');
  }
  try {
    await queueExportBuild(jobs, row.id);
  } catch (error) {
    // Without its job the row would stand for an archive that never comes.
    await deleteExports(sql, [row.id]);
    throw error;
  }
  await queueExportSweep(jobs, buildGivenUpAt(row.createdAt));
  return { row };
}
