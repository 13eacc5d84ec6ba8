// Backups of the embedded database: a gzipped tar of its data folder, made by the database
// process between two queries (see sendBackup in embedded-server.mjs), so they can be taken while
// the site runs. Restoring one starts Postgres on it, which replays the WAL as after a crash.
import { closeSync, existsSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { syncPath } from './sync-files.mjs';
import { embeddedPaths, prepareSocketDir, startEmbeddedDatabase } from './embedded.ts';

/** Reads the backup socket's answer: a JSON line `{"size":N}` then N bytes, or `{"error":"…"}`. */
function parseAnswer(answer: Buffer): Buffer {
  const newline = answer.indexOf('\n');
  let header: unknown;
  try {
    header = JSON.parse(answer.subarray(0, newline).toString('utf8'));
  } catch {
    throw new Error('The database process sent something other than a backup.');
  }
  if (typeof header === 'object' && header !== null && 'error' in header) {
    throw new Error(`The database process could not make a backup: ${String(header.error)}`);
  }
  const body = answer.subarray(newline + 1);
  if (typeof header !== 'object' || header === null || !('size' in header) || header.size !== body.length) {
    throw new Error('The backup was cut short.');
  }
  return body;
}

function fetchBackup(socketPath: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = createConnection(socketPath);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Writes `bytes` to `file` whole or not at all, flushed to the disk, readable by this user only. */
function writeFileDurably(file: string, bytes: Buffer): void {
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  try {
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  syncPath(dirname(file));
}

const isNobodyListening = (error: unknown) =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED');

/**
 * Writes a backup of the embedded database in `dataDir` to `file` and returns its size in bytes.
 * A running site's database process makes it; when the site is stopped, one is started for it.
 */
export async function backupEmbeddedDatabase(dataDir: string, file: string): Promise<number> {
  const paths = embeddedPaths(dataDir);
  if (!existsSync(join(paths.pgDir, 'PG_VERSION'))) throw new Error(`There is no database in ${dataDir} to back up.`);
  prepareSocketDir(paths.socketDir);
  let backup: Buffer;
  try {
    backup = await fetchBackup(paths.backupPath);
  } catch (error) {
    if (!isNobodyListening(error)) throw error;
    const database = await startEmbeddedDatabase(dataDir);
    try {
      backup = await fetchBackup(paths.backupPath);
    } finally {
      await database.stop();
    }
  }
  writeFileDurably(file, backup);
  return backup.length;
}
