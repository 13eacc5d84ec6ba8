// The archives' background work: building one (then telling the member by mail, if the account has
// an address), and deleting those that have expired or whose account was deleted: at each
// archive's expiry, and every hour.
import { DATA_EXPORT_KEPT_HOURS } from '@quorum/shared/constants';
import type { Sql } from '../db/connect.ts';
import type { Jobs } from '../jobs/queue.ts';
import { composeMail } from '../mail/compose.ts';
import { queueMail } from '../mail/jobs.ts';
import { archiveText } from './archive.ts';
import { removeDeadExports, type ExportFiles } from './files.ts';
import { BUILD_GIVE_UP_MINUTES, getExportToBuild, markExportReady } from './queries.ts';

export const JOB_BUILD_DATA_EXPORT = 'build_data_export';
export const JOB_DELETE_EXPIRED_DATA_EXPORTS = 'delete_expired_data_exports';

/** How long after an archive's expiry its deletion runs: clocks of the app and the database may differ a little. */
const SWEEP_MARGIN_MS = 60_000;

export interface DataExportSettings {
  files: ExportFiles;
  /** The site's public address: the archive's links and the mail's link to Settings start with it. */
  publicUrl: string;
}

export function queueExportBuild(jobs: Jobs, exportId: string): Promise<void> {
  return jobs.send(JOB_BUILD_DATA_EXPORT, { exportId });
}

/** Deletes every archive done with at `at` (or soon after). */
export function queueExportSweep(jobs: Jobs, at: Date): Promise<void> {
  return jobs.send(JOB_DELETE_EXPIRED_DATA_EXPORTS, {}, { startAfter: new Date(at.getTime() + SWEEP_MARGIN_MS) });
}

/** When a build asked for now counts as failed, and its row is deleted. */
export const buildGivenUpAt = (askedAt: Date) => new Date(askedAt.getTime() + BUILD_GIVE_UP_MINUTES * 60_000);

function readyMail(to: string, username: string, publicUrl: string) {
  return composeMail({
    to,
    username,
    subject: 'Your Quorum data is ready to download',
    intro: ['The archive of your data you asked for is ready. Download it from Settings, logged in to your account:'],
    link: { label: 'Open Settings', url: `${publicUrl}/settings` },
    outro: [
      `It can be downloaded for ${DATA_EXPORT_KEPT_HOURS} hours, then it is deleted.`,
      'If you did not ask for it, change your password: someone else may be logged in to your account.',
    ],
  });
}

/**
 * Builds the archive `exportId` into its file, marks it ready and deletes the member's older
 * archives. Safe to run again: an archive built already, or deleted meanwhile, is left alone.
 */
async function buildExport(sql: Sql, jobs: Jobs, { files, publicUrl }: DataExportSettings, exportId: string): Promise<void> {
  const row = await getExportToBuild(sql, exportId);
  if (!row) return;
  if (row.accountGone) {
    await removeDeadExports(sql, files, { userId: row.userId });
    return;
  }
  const written = await files.writeTemporary(row.fileName, archiveText(sql, row.userId, publicUrl));
  let ready;
  try {
    // The archive shows as ready once its file is in place, and only then.
    ready = await sql.begin(async (tx) => {
      const marked = await markExportReady(tx, exportId, written.size);
      if (marked) await files.place(written.path, row.fileName);
      return marked;
    });
  } finally {
    await files.discard(written.path);
  }
  // Deleted meanwhile, or built by another run of this job (one that took over when this one seemed lost).
  if (!ready?.expiresAt) return;
  await removeDeadExports(sql, files, { userId: row.userId, replacedBy: ready });
  await queueExportSweep(jobs, ready.expiresAt);
  if (row.email) await queueMail(jobs, readyMail(row.email, row.username, publicUrl));
}

export function dataExportJobHandlers(sql: Sql, jobs: Jobs, settings: DataExportSettings) {
  return {
    [JOB_BUILD_DATA_EXPORT]: async ({ exportId }: { exportId: string }) => {
      await buildExport(sql, jobs, settings, exportId);
    },
    // Takes no data, so that it may be queued as an hourly job too.
    [JOB_DELETE_EXPIRED_DATA_EXPORTS]: async () => {
      await removeDeadExports(sql, settings.files);
      await settings.files.removeAbandoned(BUILD_GIVE_UP_MINUTES * 60_000);
    },
  };
}
