// Scheduled backups of the embedded database. An hourly job makes one when the newest is
// BACKUP_INTERVAL_HOURS old (the archive `cli backup` writes) and keeps the newest BACKUP_KEEP.
// They go to DATA_DIR/backups/<name>/, with the image files when those are on this disk, or to the
// S3 bucket under backups/<name>/, where the images already are.
import { copyFile, link, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { S3Config } from '../config.ts';
import { backupEmbeddedDatabase } from '../db/backup.ts';
import { restoreEmbeddedDatabase } from '../db/embedded.ts';
import { S3ImageStore } from '../images/s3-store.ts';

/** The database's archive inside a backup. */
export const BACKUP_ARCHIVE = 'database.tar.gz';
const BUCKET_PREFIX = 'backups/';
const HOUR_MS = 60 * 60 * 1000;
const NAME_PATTERN = /^quorum-(\d{4})(\d{2})(\d{2})t(\d{2})(\d{2})z$/;

export interface BackupSettings {
  dataDir: string;
  intervalHours: number;
  keep: number;
  /** The bucket to keep backups in; undefined keeps them under DATA_DIR/backups. */
  bucket: S3Config | undefined;
}

/** A backup's name: the time it was made for, in UTC, to the minute (`quorum-20261127t0700z`). */
export function backupName(at: Date): string {
  const iso = at.toISOString();
  return `quorum-${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}t${iso.slice(11, 13)}${iso.slice(14, 16)}z`;
}

function backupTime(name: string): Date | null {
  const match = NAME_PATTERN.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match;
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:00Z`);
}

interface Target {
  /** The names of the backups there, oldest first. */
  names(): Promise<string[]>;
  save(name: string): Promise<void>;
  remove(name: string): Promise<void>;
}


const codeOf = (error: unknown) => (error instanceof Error && 'code' in error ? error.code : undefined);

/** Links `from` to `to`, or copies it onto another disk; a file already there is kept. */
async function linkFile(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return;
    if (codeOf(error) !== 'EXDEV') throw error;
    await copyFile(from, to);
  }
}

/** Hard-links every file under `from` into `to`, leaving files already there; image files never change in place. */
async function linkFiles(from: string, to: string): Promise<void> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return;
    throw error;
  }
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of entries) {
    // Names starting with a dot are files still being written.
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) await linkFiles(join(from, entry.name), join(to, entry.name));
    else if (entry.isFile()) await linkFile(join(from, entry.name), join(to, entry.name));
  }
}

function diskTarget(dataDir: string): Target {
  const root = join(dataDir, 'backups');
  return {
    async names() {
      try {
        return (await readdir(root)).filter((name) => NAME_PATTERN.test(name)).sort();
      } catch (error) {
        if (codeOf(error) === 'ENOENT') return [];
        throw error;
      }
    },
    async save(name) {
      // Made beside its place and renamed into it: a backup cut short never looks whole.
      const partial = join(root, `.${name}.partial`);
      await rm(partial, { recursive: true, force: true });
      await mkdir(partial, { recursive: true, mode: 0o700 });
      await backupEmbeddedDatabase(dataDir, join(partial, BACKUP_ARCHIVE));
      await linkFiles(join(dataDir, 'images'), join(partial, 'images'));
      await rename(partial, join(root, name));
    },
    async remove(name) {
      await rm(join(root, name), { recursive: true, force: true });
    },
  };
}

function bucketTarget(dataDir: string, config: S3Config): Target {
  const bucket = new S3ImageStore(config);
  return {
    async names() {
      const keys = await bucket.list(BUCKET_PREFIX);
      const names = keys.map((key) => key.slice(BUCKET_PREFIX.length).split('/')[0] ?? '').filter((name) => NAME_PATTERN.test(name));
      return [...new Set(names)].sort();
    },
    async save(name) {
      const staging = join(dataDir, 'backups');
      await mkdir(staging, { recursive: true, mode: 0o700 });
      const file = join(staging, `.${name}.partial.tar.gz`);
      try {
        await backupEmbeddedDatabase(dataDir, file);
        await bucket.put(`${BUCKET_PREFIX}${name}/${BACKUP_ARCHIVE}`, await readFile(file));
      } finally {
        await rm(file, { force: true });
      }
    },
    async remove(name) {
      for (const key of await bucket.list(`${BUCKET_PREFIX}${name}/`)) await bucket.delete(key);
    },
  };
}

const targetOf = (settings: BackupSettings) => (settings.bucket ? bucketTarget(settings.dataDir, settings.bucket) : diskTarget(settings.dataDir));

export type BackupOutcome = { made: string; removed: string[] } | { made: null; newest: string };

/**
 * Makes the backup of `at` (the hour the job runs for) unless the newest is younger than the
 * interval, then removes all but the newest `keep`.
 */
export async function runScheduledBackup(settings: BackupSettings, at: Date): Promise<BackupOutcome> {
  const target = targetOf(settings);
  const names = await target.names();
  const newest = names.at(-1);
  const newestAt = newest ? backupTime(newest) : null;
  // Whole hours: an hourly job runs a few minutes into its hour.
  if (newest && newestAt && Math.floor(at.getTime() / HOUR_MS) - Math.floor(newestAt.getTime() / HOUR_MS) < settings.intervalHours) {
    return { made: null, newest };
  }
  const name = backupName(at);
  await target.save(name);
  const all = [...names, name];
  const removed = all.slice(0, Math.max(0, all.length - settings.keep));
  for (const old of removed) await target.remove(old);
  return { made: name, removed };
}

/** When the newest scheduled backup was made for, or null when there is none. */
export async function newestBackupTime(settings: BackupSettings): Promise<Date | null> {
  const newest = (await targetOf(settings).names()).at(-1);
  return newest ? backupTime(newest) : null;
}

/**
 * Restores a scheduled backup's folder (DATA_DIR/backups/<name>, or one copied from there) into
 * `dataDir`: the database, then the image files it holds, next to any already there.
 */
export async function restoreScheduledBackup(dataDir: string, folder: string, { force }: { force: boolean }): Promise<void> {
  await restoreEmbeddedDatabase(dataDir, join(folder, BACKUP_ARCHIVE), { force });
  await linkFiles(join(folder, 'images'), join(dataDir, 'images'));
}
