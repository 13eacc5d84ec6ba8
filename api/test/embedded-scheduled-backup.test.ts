// Scheduled backups of the embedded database: made by the hourly job, kept to BACKUP_KEEP, on this
// disk with the image files or in an S3 bucket (s3rver), and restored from the command line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { backupSettings, JOB_BACKUP } from '../src/backups/jobs.ts';
import { BACKUP_ARCHIVE, newestBackupTime, runScheduledBackup, type BackupSettings } from '../src/backups/scheduled.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Sql } from '../src/db/connect.ts';
import { S3ImageStore } from '../src/images/s3-store.ts';
import { cli, copyTemplate, usernames } from './helpers/embedded.ts';
import { eventually } from './helpers/eventually.ts';
import { S3_TEST_CREDENTIALS, startS3Server, type S3TestServer } from './helpers/s3-server.ts';

// Each backup copies the whole database: give them time.
const slow = { timeout: 120_000 };

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'quorum-scheduled-backup-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const addUser = (sql: Sql, username: string) => sql`insert into users (username, password_hash) values (${username}, 'x')`;
const hour = (iso: string) => new Date(`${iso}:00:00Z`);



describe('scheduled backups', () => {
  it('are made by the hourly job with the image files, and a restore brings back both', slow, async () => {
    const dataDir = await copyTemplate(root);
    await mkdir(join(dataDir, 'images', 'ab'), { recursive: true });
    await writeFile(join(dataDir, 'images', 'ab', 'abcdef.jpeg'), 'the picture');
    const database = await openDatabase({ dataDir });
    const config = { ...loadConfig({}), dataDir, rateLimit: false, webDist: undefined, scryptLogN: 14, jobPollMs: 500, backupIntervalHours: 6 };
    const app = await buildApp({ config, sql: database.sql });
    let name: string;
    try {
      await app.ready();
      await addUser(database.sql, 'before_backup');
      await app.jobs.send(JOB_BACKUP, { hour: hour('2026-11-27T07').toISOString() });
      const backups = join(dataDir, 'backups');
      const made = await eventually(
        () => (existsSync(backups) ? readdirSync(backups).filter((entry) => !entry.startsWith('.')) : []),
        (names) => names.length > 0,
      );
      expect(made).toEqual(['quorum-20261127t0700z']);
      name = made[0]!;
      await addUser(database.sql, 'after_backup');
    } finally {
      await app.close();
      await database.close();
    }

    const target = join(root, 'restored');
    expect(await cli(target, root, ['restore', join(dataDir, 'backups', name)])).toMatchObject({ code: 0 });
    const names = await usernames(target);
    expect(names).toContain('before_backup');
    expect(names).not.toContain('after_backup');
    expect(readFileSync(join(target, 'images', 'ab', 'abcdef.jpeg'), 'utf8')).toBe('the picture');
  });

  it('wait for the interval and keep only the newest', slow, async () => {
    const dataDir = await copyTemplate(root);
    const settings: BackupSettings = { dataDir, intervalHours: 2, keep: 2, bucket: undefined };
    expect(await newestBackupTime(settings)).toBeNull();
    expect(await runScheduledBackup(settings, hour('2026-11-27T01'))).toEqual({ made: 'quorum-20261127t0100z', removed: [] });
    expect(await runScheduledBackup(settings, hour('2026-11-27T02'))).toEqual({ made: null, newest: 'quorum-20261127t0100z' });
    expect(await runScheduledBackup(settings, hour('2026-11-27T03'))).toEqual({ made: 'quorum-20261127t0300z', removed: [] });
    expect(await runScheduledBackup(settings, hour('2026-11-27T05'))).toEqual({ made: 'quorum-20261127t0500z', removed: ['quorum-20261127t0100z'] });
    expect(readdirSync(join(dataDir, 'backups')).sort()).toEqual(['quorum-20261127t0300z', 'quorum-20261127t0500z']);
    expect(existsSync(join(dataDir, 'backups', 'quorum-20261127t0500z', BACKUP_ARCHIVE))).toBe(true);
    expect(await newestBackupTime(settings)).toEqual(hour('2026-11-27T05'));
  });

  it('are configured with whole numbers of at least 1', () => {
    expect(loadConfig({})).toMatchObject({ backupIntervalHours: undefined, backupKeep: 7 });
    expect(loadConfig({ BACKUP_INTERVAL_HOURS: '24', BACKUP_KEEP: '3' })).toMatchObject({ backupIntervalHours: 24, backupKeep: 3 });
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '0' })).toThrow('BACKUP_INTERVAL_HOURS must be at least 1.');
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP must be at least 1.');
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: 'daily' })).toThrow('BACKUP_INTERVAL_HOURS must be a whole number');
  });

  it('are scheduled only for the embedded database, and never into a bucket that serves images publicly', () => {
    const s3 = { bucket: 'site', endpoint: 'http://127.0.0.1:1', region: 'us-east-1' };
    const base = { ...loadConfig({}), dataDir: root, backupIntervalHours: 24 };
    expect(backupSettings({ ...base, backupIntervalHours: undefined })).toBeUndefined();
    expect(backupSettings({ ...base, databaseUrl: 'postgres://127.0.0.1/site' })).toBeUndefined();
    expect(backupSettings({ ...base, s3 })).toEqual({ dataDir: root, intervalHours: 24, keep: 7, bucket: s3 });
    expect(backupSettings({ ...base, s3, imagesPublicUrl: 'https://images.example.test' })?.bucket).toBeUndefined();
  });
});

describe('scheduled backups in an S3 bucket', () => {
  const BUCKET = 'quorum-backups';
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3Server(BUCKET);
    for (const [name, value] of Object.entries(S3_TEST_CREDENTIALS)) vi.stubEnv(name, value);
  });
  afterAll(async () => {
    await server?.stop();
    vi.unstubAllEnvs();
  });

  it('go under backups/ and only the newest are kept', slow, async () => {
    const dataDir = await copyTemplate(root);
    const bucket = { bucket: BUCKET, endpoint: server.endpoint, region: 'us-east-1' };
    const settings: BackupSettings = { dataDir, intervalHours: 1, keep: 1, bucket };
    await runScheduledBackup(settings, hour('2026-11-27T01'));
    expect(await runScheduledBackup(settings, hour('2026-11-27T02'))).toEqual({ made: 'quorum-20261127t0200z', removed: ['quorum-20261127t0100z'] });
    const store = new S3ImageStore(bucket);
    expect(await store.list('backups/')).toEqual([`backups/quorum-20261127t0200z/${BACKUP_ARCHIVE}`]);
    // The archive in the bucket restores like any other.
    const archive = join(root, 'from-bucket.tar.gz');
    await writeFile(archive, (await store.read(`backups/quorum-20261127t0200z/${BACKUP_ARCHIVE}`))!);
    const target = join(root, 'restored-from-bucket');
    expect(await cli(target, root, ['restore', archive])).toMatchObject({ code: 0 });
    expect(await usernames(target)).toEqual(await usernames(dataDir));
    // Nothing is left behind on the disk.
    expect(readdirSync(join(dataDir, 'backups'))).toEqual([]);
  });
});
