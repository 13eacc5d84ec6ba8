// Helpers for tests of the embedded database process itself.
import { readFileSync } from 'node:fs';
import { embeddedPaths } from '../../src/db/embedded.ts';

/** The pid of the process serving the embedded database in `dataDir`, from its lock file. */
export function databaseProcessId(dataDir: string | undefined): number {
  if (dataDir === undefined) throw new Error('These tests need the embedded database.');
  const pid = Number(readFileSync(embeddedPaths(dataDir).lockFile, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`No database process holds ${dataDir}.`);
  return pid;
}
