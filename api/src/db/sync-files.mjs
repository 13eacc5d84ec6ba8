// Flushing files to the disk, for the embedded database's process and for backups (apart from
// durable-fs.mjs, so that the API process need not load PGlite to use them).
import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Flushes every file and folder under `dir` to the disk. PGlite writes a new database (after
 * initdb, or loaded from a backup) without syncing it; Postgres syncs only what it writes later.
 */
export function syncTree(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) syncTree(join(dir, entry.name));
    else if (entry.isFile()) syncPath(join(dir, entry.name));
  }
  syncPath(dir);
}

/** Flushes one file, or a folder's list of entries, to the disk. */
export function syncPath(path) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
