// The embedded database process: PGlite (Postgres compiled to WASM) stored in a folder. It runs
// apart from the API process because PGlite executes synchronously and would otherwise stall the
// API's event loop. Its first argument is a job, as JSON (see EmbeddedJob in embedded.ts):
// - create: make a new database;
// - serve: serve the database over the Postgres wire protocol on a Unix socket, to one connection
//   at a time, and hand a backup of it to whoever connects to the backup socket beside it;
// - restore: replace the database with a backup.
// One process at a time works on a data folder: the lock file holds its pid.
// Protocol with the parent (IPC): it sends {type:'ready'} once serving or {type:'done'} once
// made or restored, or {type:'error', message}; a server closes cleanly on {type:'close'} or when the
// parent goes away.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { openDurable } from './durable-fs.mjs';
import { syncPath, syncTree } from './sync-files.mjs';

const job = JSON.parse(process.argv[2] ?? '{}');

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

let ownsLock = false;

function takeLock() {
  mkdirSync(job.dataDir, { recursive: true });
  try {
    const pid = Number(readFileSync(job.lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`The database in ${job.dataDir} is in use by process ${pid}. Stop it first.`);
    }
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  writeFileSync(job.lockFile, String(process.pid));
  ownsLock = true;
}

// A restore loads the backup into `restoring`, then moves the database it replaces to `replaced`.
const restoringDir = `${job.pgDir}.restoring`;
const replacedDir = `${job.pgDir}.replaced`;

let db;
let server;
let backupServer;
let closing = null;

function close() {
  closing ??= (async () => {
    try {
      await new Promise((resolve) => (backupServer ? backupServer.close(resolve) : resolve()));
      await server?.stop();
      await db?.close();
    } finally {
      if (ownsLock) {
        for (const file of [job.socketPath, job.backupPath, job.lockFile]) rmSync(file, { force: true });
      }
    }
  })();
  return closing;
}

/** Answers one connection with `{"size":N}\n` and N bytes of gzipped tar, or `{"error":"…"}\n`. */
async function sendBackup(socket) {
  socket.on('error', () => {}); // the client went away; there is nothing to clean up
  try {
    const dump = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    socket.write(`${JSON.stringify({ size: bytes.length })}\n`);
    socket.end(bytes);
  } catch (error) {
    socket.end(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`);
  }
}

function listen(netServer, path) {
  return new Promise((resolve, reject) => {
    netServer.once('error', reject);
    netServer.listen(path, () => {
      netServer.off('error', reject);
      // The folder already keeps others out (mode 0700); the sockets say so too.
      chmodSync(path, 0o600);
      resolve(netServer);
    });
  });
}

function refuseAfterInterruptedRestore() {
  if (!existsSync(job.pgDir) && existsSync(replacedDir)) {
    throw new Error(
      `A restore was interrupted: the database it replaced is in ${replacedDir} and the restored one in ` +
        `${restoringDir}. Rename the one to keep to ${job.pgDir}.`,
    );
  }
}

/**
 * Makes a new database and flushes it to the disk. This runs in a process of its own: making the
 * database grows the WebAssembly memory to several hundred MB, which is never given back.
 */
async function create() {
  takeLock();
  refuseAfterInterruptedRestore();
  // Postgres keeps its data folder private to its user; PGlite leaves that to us.
  mkdirSync(job.pgDir, { recursive: true, mode: 0o700 });
  db = await openDurable(job.pgDir);
  await db.close();
  db = undefined;
  syncTree(job.pgDir);
  syncPath(job.dataDir);
}

async function serve() {
  takeLock();
  refuseAfterInterruptedRestore();
  if (!existsSync(join(job.pgDir, 'PG_VERSION'))) throw new Error(`${job.pgDir} holds no database.`);
  db = await openDurable(job.pgDir);
  // Sockets left by a process that died; the lock says none is running.
  rmSync(job.socketPath, { force: true });
  rmSync(job.backupPath, { force: true });
  // One connection: a second one is refused while the first is open (see ARCHITECTURE decision 4).
  server = new PGLiteSocketServer({ db, path: job.socketPath, maxConnections: 1 });
  await server.start();
  chmodSync(job.socketPath, 0o600);
  backupServer = await listen(createServer(sendBackup), job.backupPath);
}

const isEmptyDir = (dir) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Loads the backup into a folder beside the database, checks that Postgres starts on it, flushes
 * it to the disk, and only then puts it in the database's place.
 */
async function restore() {
  takeLock();
  if (!job.force && !isEmptyDir(job.pgDir)) {
    throw new Error(`${job.pgDir} already holds a database. Pass --force to replace it.`);
  }
  rmSync(restoringDir, { recursive: true, force: true });
  mkdirSync(restoringDir, { mode: 0o700 });
  const backup = new Blob([readFileSync(job.from)], { type: 'application/x-gzip' });
  try {
    const restored = await openDurable(restoringDir, { loadDataDir: backup });
    await restored.close();
  } catch (error) {
    rmSync(restoringDir, { recursive: true, force: true });
    throw new Error(`${job.from} could not be restored: ${error instanceof Error ? error.message : error}`);
  }
  syncTree(restoringDir);
  rmSync(replacedDir, { recursive: true, force: true });
  if (existsSync(job.pgDir)) renameSync(job.pgDir, replacedDir);
  renameSync(restoringDir, job.pgDir);
  syncPath(job.dataDir);
  rmSync(replacedDir, { recursive: true, force: true });
}

// Ctrl-C reaches the whole process group: wait for the parent to close us in order instead.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => close().then(() => process.exit(0)));
process.on('disconnect', () => close().then(() => process.exit(0)));
process.on('message', (message) => {
  if (message?.type === 'close') {
    close().then(
      () => process.send?.({ type: 'closed' }, () => process.exit(0)),
      () => process.exit(1),
    );
  }
});

try {
  if (job.command === 'serve') {
    await serve();
    process.send({ type: 'ready' });
  } else if (job.command === 'create' || job.command === 'restore') {
    await (job.command === 'create' ? create() : restore());
    await close();
    process.send({ type: 'done' }, () => process.exit(0));
  } else {
    throw new Error(`Unknown job ${job.command}.`);
  }
} catch (error) {
  process.send?.({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  await close().catch(() => {});
  process.exit(1);
}
