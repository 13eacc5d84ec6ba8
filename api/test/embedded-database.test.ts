// The embedded database process (runs in the embedded-database project only).
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { createEmbeddedSql, openDatabase } from '../src/db/connect.ts';
import { DurableNodeFS, durableStartParams } from '../src/db/durable-fs.mjs';
import { embeddedPaths, socketDirProblem } from '../src/db/embedded.ts';
import { migrate } from '../src/schema.ts';
import { copyTemplate, databaseProcessId } from './helpers/embedded.ts';

/** Inodes of the sockets that process `pid` has open. */
function socketInodes(pid: number): Set<string> {
  const fds = readdirSync(`/proc/${pid}/fd`).map((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      return ''; // closed meanwhile
    }
  });
  return new Set(fds.flatMap((link) => /^socket:\[(\d+)\]$/.exec(link)?.[1] ?? []));
}

/** Inodes of every listening TCP socket of the machine (IPv4 and IPv6). */
function listeningTcpInodes(): Set<string> {
  const LISTEN = '0A';
  const rows = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').slice(1));
  return new Set(rows.map((row) => row.trim().split(/\s+/)).filter((cols) => cols[3] === LISTEN).map((cols) => cols[9] ?? ''));
}

/** Paths of the Unix sockets, among `inodes`, that are listening. */
function listeningUnixPaths(inodes: Set<string>): string[] {
  const LISTENING = '00010000';
  const rows = readFileSync('/proc/net/unix', 'utf8').trim().split('\n').slice(1).map((row) => row.trim().split(/\s+/));
  return rows.filter((cols) => cols[3] === LISTENING && inodes.has(cols[6] ?? '')).map((cols) => cols[7] ?? '');
}

async function hasUser(dataDir: string, username: string): Promise<boolean> {
  const database = await openDatabase({ dataDir });
  try {
    return (await database.sql`select 1 from users where username = ${username}`).length === 1;
  } finally {
    await database.close();
  }
}

describe('embedded database', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'quorum-embedded-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  // Making a new database (initdb) and migrating it takes a while on a busy machine.
  it('creates a database, and keeps its data across a clean close and reopen', { timeout: 120_000 }, async () => {
    const dir = join(root, 'new');
    const first = await openDatabase({ dataDir: dir });
    await migrate(first.sql);
    await first.sql`insert into users (username, password_hash) values ('durable_user', 'x')`;
    await first.close();

    expect(statSync(embeddedPaths(dir).pgDir).mode & 0o777).toBe(0o700);
    expect(await hasUser(dir, 'durable_user')).toBe(true);
  });

  it('makes no new database where a restore was interrupted, and says where the two copies are', async () => {
    const dir = join(root, 'interrupted');
    const { pgDir } = embeddedPaths(dir);
    await mkdir(`${pgDir}.replaced`, { recursive: true });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`A restore was interrupted: the database it replaced is in ${pgDir}.replaced`);
    expect(existsSync(pgDir)).toBe(false);
  });

  it('refuses to open a data folder another process is using, and leaves that process its lock', async () => {
    const dir = await copyTemplate(root);
    const running = await openDatabase({ dataDir: dir });
    try {
      const owner = databaseProcessId(dir);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`in use by process ${owner}`);
      expect(databaseProcessId(dir)).toBe(owner);
      expect(await running.sql`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await running.close();
    }
  });

  it('listens on a Unix socket in a folder only its user may enter, and on no TCP port', async () => {
    const dir = await copyTemplate(root);
    const database = await openDatabase({ dataDir: dir });
    try {
      const paths = embeddedPaths(dir);
      expect(paths.socketDir).toBe(join(dir, 'run'));
      expect(statSync(paths.socketDir).mode & 0o777).toBe(0o700);

      const sockets = socketInodes(databaseProcessId(dir));
      expect(listeningUnixPaths(sockets).sort()).toEqual([paths.backupPath, paths.socketPath].sort());
      const tcp = listeningTcpInodes();
      expect([...sockets].filter((inode) => tcp.has(inode))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('refuses a second connection while the server holds its own, which it never recycles', async () => {
    const dir = await copyTemplate(root);
    const database = await openDatabase({ dataDir: dir });
    const intruder = createEmbeddedSql(embeddedPaths(dir).socketPath);
    try {
      expect(database.sql.options.max_lifetime).toBeNull();
      expect(database.sql.options.idle_timeout).toBeFalsy();
      await database.sql`select 1`;
      await expect(intruder`select 1`).rejects.toThrow();
      expect(await database.sql`select 2 as two`).toEqual([{ two: 2 }]);
    } finally {
      await intruder.end();
      await database.close();
    }
  });

  it('keeps what was committed when its process is killed, and replaces the sockets left behind', async () => {
    const dir = await copyTemplate(root);
    const first = await openDatabase({ dataDir: dir });
    await first.sql`insert into users (username, password_hash) values ('committed_user', 'x')`;
    const pid = databaseProcessId(dir);
    const lost = new Promise<Error>((resolve) => first.onLost(resolve));
    process.kill(pid, 'SIGKILL');
    expect((await lost).message).toMatch(/killed by SIGKILL/);
    expect(lstatSync(embeddedPaths(dir).socketPath).isSocket()).toBe(true);
    await first.close();

    expect(await hasUser(dir, 'committed_user')).toBe(true);
  });

  it('refuses a socket folder that other users may enter, or that is not a folder', async () => {
    const open = join(root, 'open-run');
    await mkdir(join(open, 'run'), { recursive: true });
    await chmod(join(open, 'run'), 0o755);
    await expect(openDatabase({ dataDir: open })).rejects.toThrow(/can be entered by other users \(mode 755\)/);

    const linked = join(root, 'linked-run');
    await mkdir(linked);
    await symlink(tmpdir(), join(linked, 'run'));
    await expect(openDatabase({ dataDir: linked })).rejects.toThrow(/is not a folder/);
  });

  it('refuses a socket folder that belongs to another user', () => {
    const stat = statSync(root);
    expect(socketDirProblem(stat, stat.uid)).toBeUndefined();
    expect(socketDirProblem(stat, stat.uid + 1)).toMatch(/belongs to another user/);
  });

  it('puts the sockets in a private temporary folder when the data folder’s path is too long for them', async () => {
    const long = await copyTemplate(await mkdtemp(join(root, 'a-data-folder-with-a-long-name-'.repeat(3))));
    const paths = embeddedPaths(long);
    expect(Buffer.byteLength(join(long, 'run', '.s.PGSQL.5432'))).toBeGreaterThan(107);
    expect(paths.socketDir.startsWith(tmpdir())).toBe(true);
    const database = await openDatabase({ dataDir: long });
    try {
      expect(statSync(paths.socketDir).mode & 0o777).toBe(0o700);
      expect(await database.sql`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await rm(paths.socketDir, { recursive: true, force: true });
    }
  });

  it('syncs each commit to the disk', async () => {
    const dir = await copyTemplate(root);
    const database = await openDatabase({ dataDir: dir });
    try {
      const [settings] = await database.sql`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`;
      expect(settings).toEqual({ fsync: 'on', method: 'fsync' });
    } finally {
      await database.close();
    }

    let syncs = 0;
    const counted = join(root, 'counted');
    await cp(embeddedPaths(inject('templateDatabase')).pgDir, counted, { recursive: true });
    const db = await PGlite.create({
      fs: new DurableNodeFS(counted, () => (syncs += 1)),
      startParams: durableStartParams,
    });
    try {
      await db.exec('create table t (n int)');
      for (let n = 0; n < 5; n++) {
        const before = syncs;
        await db.query('insert into t values ($1)', [n]);
        expect(syncs).toBeGreaterThan(before);
      }
      const before = syncs;
      await db.query('select count(*) from t');
      expect(syncs).toBe(before);
    } finally {
      await db.close();
    }
  });
});
