// Helpers for tests of the embedded database process itself.
import { readFileSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { embeddedPaths } from '../../src/db/embedded.ts';

/** The pid of the process serving the embedded database in `dataDir`, from its lock file. */
export function databaseProcessId(dataDir: string | undefined): number {
  if (dataDir === undefined) throw new Error('These tests need the embedded database.');
  const pid = Number(readFileSync(embeddedPaths(dataDir).lockFile, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`No database process holds ${dataDir}.`);
  return pid;
}

/** A new data folder in `parent` holding a copy of the migrated template database. */
export async function copyTemplate(parent: string): Promise<string> {
  const dir = await mkdtemp(join(parent, 'data-'));
  await cp(inject('templateDatabase'), dir, { recursive: true });
  return dir;
}
