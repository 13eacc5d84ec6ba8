// The admin's view of the site's health: the same numbers as the metrics and the health check,
// with the storage and the last backup.
import { readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteHealth } from '@quorum/shared/entities/site';
import { newestBackupTime } from '../backups/scheduled.ts';
import { backupSettings } from '../backups/jobs.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../db/connect.ts';
import { withTimeout } from '../db/with-timeout.ts';
import type { Jobs } from '../jobs/queue.ts';
import { lastHourOfRequests } from '../metrics/metrics.ts';
import { apiDir } from '../paths.ts';

const startedAt = new Date().toISOString();

function readVersion(): string {
  try {
    const { version } = JSON.parse(readFileSync(join(apiDir, '..', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}
const version = readVersion();

/** Longer than this and the database counts as not answering. */
const DATABASE_WAIT_MS = 2_000;
/** Walking the image files costs a read of every folder: the total is kept this long. */
const IMAGE_TOTAL_KEPT_MS = 10 * 60 * 1000;

async function folderBytes(dir: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return 0;
    throw error;
  }
  let total = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path);
    else if (entry.isFile()) total += (await stat(path)).size;
  }
  return total;
}

let imageTotal: { at: number; bytes: Promise<number> } | undefined;

function imageBytes(dataDir: string): Promise<number> {
  if (!imageTotal || Date.now() - imageTotal.at > IMAGE_TOTAL_KEPT_MS) imageTotal = { at: Date.now(), bytes: folderBytes(join(dataDir, 'images')) };
  return imageTotal.bytes;
}

async function database(sql: Sql, embedded: boolean): Promise<SiteHealth['database']> {
  const kind = embedded ? 'embedded' : 'postgres';
  const started = performance.now();
  try {
    const [row] = await withTimeout(sql<{ bytes: string }[]>`select pg_database_size(current_database())::text as bytes`, DATABASE_WAIT_MS);
    return { kind, answering: true, latencyMs: Math.round(performance.now() - started), bytes: row ? Number(row.bytes) : null };
  } catch {
    return { kind, answering: false, latencyMs: null, bytes: null };
  }
}

export async function siteHealth(sql: Sql, jobs: Jobs, config: Config): Promise<SiteHealth> {
  const backups = backupSettings(config);
  const readings = await jobs.read().catch(() => []);
  const hour = lastHourOfRequests();
  return {
    version,
    startedAt,
    database: await database(sql, config.databaseUrl === undefined),
    jobs: {
      running: jobs.running(),
      queued: readings.reduce((sum, reading) => sum + reading.queued, 0),
      active: readings.reduce((sum, reading) => sum + reading.active, 0),
      oldestSeconds: Math.max(0, ...readings.map((reading) => reading.oldestSeconds)),
    },
    lastHour: { requests: hour.requests, serverErrors: hour.serverErrors, p95Ms: hour.p95Seconds === null ? null : Math.round(hour.p95Seconds * 1000) },
    imageBytes: config.s3 ? null : await imageBytes(config.dataDir),
    backups: { scheduled: backups !== undefined, lastAt: backups ? ((await newestBackupTime(backups))?.toISOString() ?? null) : null },
  };
}
