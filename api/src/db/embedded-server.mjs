// The embedded database process: PGlite (Postgres compiled to WASM) stored in a folder, served
// over the Postgres wire protocol on a loopback port. It runs apart from the API process because
// PGlite executes synchronously and would otherwise stall the API's event loop.
// Protocol with the parent (IPC): it sends {type:'ready', port} or {type:'error', message};
// it closes cleanly on {type:'close'} or when the parent goes away.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const dataDir = process.env.PGLITE_DATA_DIR;
const lockFile = join(dataDir, 'quorum.lock');

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function takeLock() {
  mkdirSync(dataDir, { recursive: true });
  try {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`The database in ${dataDir} is in use by process ${pid}. Stop it first.`);
    }
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  writeFileSync(lockFile, String(process.pid));
}

let db;
let server;
let closing = null;

function close() {
  closing ??= (async () => {
    try {
      await server?.stop();
      await db?.close();
    } finally {
      rmSync(lockFile, { force: true });
    }
  })();
  return closing;
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
  takeLock();
  db = await PGlite.create({ dataDir: join(dataDir, 'pg') });
  server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0 });
  await server.start();
  const address = server.server?.address?.();
  const port = typeof address === 'object' && address ? address.port : server.port;
  process.send({ type: 'ready', port });
} catch (error) {
  process.send?.({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  await close().catch(() => {});
  process.exit(1);
}
