import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiDir } from '../paths.ts';

/** Where the embedded database of a data folder keeps its files and sockets. */
export interface EmbeddedPaths {
  dataDir: string;
  /** The Postgres data folder. */
  pgDir: string;
  /** Holds the pid of the one process working on the database. */
  lockFile: string;
  /** A folder only this user may enter (mode 0700) that holds the two sockets. */
  socketDir: string;
  /** The database's Unix socket, named as psql expects it: `psql -h <socketDir> -U postgres`. */
  socketPath: string;
  /** Whoever connects here receives a backup of the database. */
  backupPath: string;
}

/** What the embedded database process is asked to do (see embedded-server.mjs). */
type EmbeddedJob = EmbeddedPaths & ({ command: 'create' | 'serve' } | { command: 'restore'; from: string; force: boolean });

type ChildMessage = { type: 'ready' } | { type: 'done' } | { type: 'error'; message: string } | { type: 'closed' };

export interface EmbeddedDatabase {
  socketPath: string;
  /** Calls `listener` if the database process ends without having been asked to stop. */
  onLost(listener: (error: Error) => void): void;
  /** Closes the database process cleanly (its data is flushed to disk). */
  stop(): Promise<void>;
}

const serverFile = join(apiDir, 'src/db/embedded-server.mjs');

// Unix socket addresses hold at most 107 bytes (108 with the closing zero).
const MAX_SOCKET_PATH_BYTES = 107;
const SOCKET_NAME = '.s.PGSQL.5432';
const BACKUP_SOCKET_NAME = 'backup';

export function embeddedPaths(dataDir: string): EmbeddedPaths {
  const socketDir = chooseSocketDir(dataDir);
  return {
    dataDir,
    pgDir: join(dataDir, 'pg'),
    lockFile: join(dataDir, 'quorum.lock'),
    socketDir,
    socketPath: join(socketDir, SOCKET_NAME),
    backupPath: join(socketDir, BACKUP_SOCKET_NAME),
  };
}

/**
 * The sockets live in `DATA_DIR/run`, unless that makes their path too long for a socket address.
 * Then they live in the system's temporary folder, in a folder named by a hash of the data folder:
 * as private as the first (it is checked the same way), and found again from the data folder
 * alone, so that the CLI reaches a running site's backup socket. (A path relative to the data
 * folder would be short too, but the API process cannot change its working folder to connect.)
 */
function chooseSocketDir(dataDir: string): string {
  const inside = join(dataDir, 'run');
  if (Buffer.byteLength(join(inside, SOCKET_NAME)) <= MAX_SOCKET_PATH_BYTES) return inside;
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return join(tmpdir(), `quorum-${hash}`);
}

/** Why a folder is unfit to hold the database's sockets, or undefined when it is fit. */
export function socketDirProblem(stat: Stats, uid: number | undefined): string | undefined {
  if (!stat.isDirectory()) return 'is not a folder; remove it';
  if (uid !== undefined && stat.uid !== uid) return 'belongs to another user; remove it';
  if ((stat.mode & 0o077) !== 0) {
    return `can be entered by other users (mode ${(stat.mode & 0o777).toString(8)}); make it private with chmod 700, or remove it`;
  }
  return undefined;
}

/** Creates the socket folder with mode 0700, or checks that the existing one is private to this user. */
export function prepareSocketDir(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  const problem = socketDirProblem(lstatSync(dir), process.getuid?.());
  if (problem) throw new Error(`The database socket folder ${dir} ${problem}.`);
}

/**
 * The database process holds on to memory it no longer uses: V8 compiles the hot parts of
 * Postgres's WebAssembly on background threads, and glibc keeps large freed blocks for reuse.
 * Compiling on the main thread and handing blocks of 64 KB or more back to the system when freed
 * take its idle size from about 240 MB to about 170 MB. Its JavaScript makes few objects, so a
 * young generation of 1 MB a half (not 8) takes about 15 MB more off.
 */
const DATABASE_PROCESS_FLAGS = ['--single-threaded', '--max-semi-space-size=1'];
const DATABASE_PROCESS_ENV = { MALLOC_MMAP_THRESHOLD_: String(64 * 1024) };

function startJob(job: EmbeddedJob): ChildProcess {
  return fork(serverFile, [JSON.stringify(job)], {
    execArgv: DATABASE_PROCESS_FLAGS,
    env: { ...process.env, ...DATABASE_PROCESS_ENV },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** Waits for the job's first answer: `expected`, or an error. */
function answer(child: ChildProcess, expected: 'ready' | 'done'): Promise<void> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`The embedded database exited early (code ${code}).`));
    child.once('exit', onExit);
    child.once('message', (message: ChildMessage) => {
      child.off('exit', onExit);
      if (message.type === expected) resolve();
      else reject(new Error(message.type === 'error' ? message.message : 'The embedded database did not start.'));
    });
  });
}

/** Runs a job that ends once done: making or restoring a database. */
async function runToCompletion(job: EmbeddedJob): Promise<void> {
  const child = startJob(job);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await answer(child, 'done');
  await exited;
}

/** Starts the embedded PGlite database on `dataDir` in its own process, making it first if needed. */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const paths = embeddedPaths(dataDir);
  mkdirSync(dataDir, { recursive: true });
  prepareSocketDir(paths.socketDir);
  if (!existsSync(join(paths.pgDir, 'PG_VERSION'))) await runToCompletion({ ...paths, command: 'create' });
  const child = startJob({ ...paths, command: 'serve' });
  await answer(child, 'ready');
  let stopping = false;
  return {
    socketPath: paths.socketPath,
    onLost(listener) {
      const report = () => {
        if (stopping) return;
        const how = child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`;
        listener(new Error(`The embedded database process ${how}.`));
      };
      if (child.exitCode !== null || child.signalCode !== null) report();
      else child.once('exit', report);
    },
    stop: () => {
      stopping = true;
      return stopChild(child);
    },
  };
}

/**
 * Replaces the embedded database in `dataDir` with the backup in `from`. Refused while another
 * process uses the database, and when a database is there already unless `force`.
 */
export async function restoreEmbeddedDatabase(dataDir: string, from: string, { force }: { force: boolean }): Promise<void> {
  await runToCompletion({ ...embeddedPaths(dataDir), command: 'restore', from, force });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.connected) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGTERM'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send({ type: 'close' });
  });
}
