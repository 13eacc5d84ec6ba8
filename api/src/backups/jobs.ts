// The scheduled backups' job, queued every hour when BACKUP_INTERVAL_HOURS is set.
import type { Config } from '../config.ts';
import type { HourlyJob } from '../jobs/hourly.ts';
import type { JobHandlers } from '../jobs/queue.ts';
import { runScheduledBackup, type BackupSettings } from './scheduled.ts';

export const JOB_BACKUP = 'backup';

/**
 * Where and how often to back up, or undefined when nothing is scheduled: a Postgres server
 * (DATABASE_URL) is backed up with its own tools. A bucket that serves the images publicly
 * (IMAGES_PUBLIC_URL) never receives a backup; they stay on this disk.
 */
export function backupSettings(config: Config): BackupSettings | undefined {
  if (config.databaseUrl || config.backupIntervalHours === undefined) return undefined;
  return {
    dataDir: config.dataDir,
    intervalHours: config.backupIntervalHours,
    keep: config.backupKeep,
    bucket: config.s3 && !config.imagesPublicUrl ? config.s3 : undefined,
  };
}

export function backupJobHandlers(settings: BackupSettings | undefined): JobHandlers {
  if (!settings) return {};
  return {
    [JOB_BACKUP]: async ({ hour }: HourlyJob) => {
      await runScheduledBackup(settings, new Date(hour));
    },
  };
}
