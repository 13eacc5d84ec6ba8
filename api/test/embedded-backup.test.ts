// Backup and restore of the embedded database (runs in the embedded-database project only).
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backupEmbeddedDatabase } from '../src/db/backup.ts';
import { openDatabase, type Sql } from '../src/db/connect.ts';
import { restoreEmbeddedDatabase } from '../src/db/embedded.ts';
import { cli, copyTemplate, usernames } from './helpers/embedded.ts';

// Each backup or restore starts Postgres and copies the whole database: give them time.
const slow = { timeout: 120_000 };

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'quorum-backup-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const addUser = (sql: Sql, username: string) => sql`insert into users (username, password_hash) values (${username}, 'x')`;

/** A new data folder whose stopped database has one more user, `username`. */
async function dataFolderWith(username: string): Promise<string> {
  const dir = await copyTemplate(root);
  const database = await openDatabase({ dataDir: dir });
  try {
    await addUser(database.sql, username);
  } finally {
    await database.close();
  }
  return dir;
}



it('backs up a running database from the command line and restores it into a new folder', slow, async () => {
  const source = await copyTemplate(root);
  const database = await openDatabase({ dataDir: source });
  try {
    await addUser(database.sql, 'before_backup');
    const backedUp = await cli(source, root, ['backup', 'site.tgz']);
    expect(backedUp).toMatchObject({ code: 0, output: expect.stringContaining(join(root, 'site.tgz')) });
    expect(statSync(join(root, 'site.tgz')).mode & 0o777).toBe(0o600);
    await addUser(database.sql, 'after_backup');
  } finally {
    await database.close();
  }

  const target = join(root, 'restored');
  expect(await cli(target, root, ['restore', 'site.tgz'])).toMatchObject({ code: 0 });
  const names = await usernames(target);
  expect(names).toContain('before_backup');
  expect(names).not.toContain('after_backup');
  expect(await usernames(source)).toContain('after_backup');
});

it('backs up a stopped database', slow, async () => {
  const source = await dataFolderWith('stopped_site');

  const file = join(root, 'stopped.tgz');
  await backupEmbeddedDatabase(source, file);
  expect(existsSync(join(source, 'quorum.lock'))).toBe(false);
  const target = join(root, 'restored-stopped');
  await restoreEmbeddedDatabase(target, file, { force: false });
  expect(await usernames(target)).toContain('stopped_site');
});

it('refuses to restore while the site runs, and over a database unless forced', slow, async () => {
  const source = await copyTemplate(root);
  const database = await openDatabase({ dataDir: source });
  const file = join(root, 'forced.tgz');
  try {
    await addUser(database.sql, 'in_backup');
    await backupEmbeddedDatabase(source, file);
    await addUser(database.sql, 'not_in_backup');

    const target = await copyTemplate(root);
    const running = await openDatabase({ dataDir: target });
    try {
      await expect(restoreEmbeddedDatabase(target, file, { force: true })).rejects.toThrow(/in use by process/);
      expect(await running.sql`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await running.close();
    }
  } finally {
    await database.close();
  }

  const refused = await cli(source, root, ['restore', file]);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain('already holds a database. Pass --force to replace it.');
  expect(await usernames(source)).toContain('not_in_backup');

  expect(await cli(source, root, ['restore', '--force', file])).toMatchObject({ code: 0 });
  const names = await usernames(source);
  expect(names).toContain('in_backup');
  expect(names).not.toContain('not_in_backup');
});

it('refuses a file that is not a backup and keeps the database it was to replace', slow, async () => {
  const target = await dataFolderWith('kept_user');

  const file = join(root, 'not-a-backup.tgz');
  await writeFile(file, 'these are not the files you are looking for');
  await expect(restoreEmbeddedDatabase(target, file, { force: true })).rejects.toThrow(/could not be restored/);
  expect(await usernames(target)).toContain('kept_user');
  expect(existsSync(join(target, 'pg.restoring'))).toBe(false);
});

it('answers the command line with its usage for missing or unknown arguments', slow, async () => {
  const dir = await copyTemplate(root);
  for (const args of [['backup'], ['backup', 'a.tgz', '--force'], ['restore', 'a.tgz', '--yes'], ['restore', 'a.tgz', 'b.tgz']]) {
    const answer = await cli(dir, root, args);
    expect(answer.code).toBe(1);
    expect(answer.output).toContain('Usage: npm run cli -- <command>');
  }
});
