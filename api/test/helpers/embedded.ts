// Helpers for tests of the embedded database process itself.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { openDatabase } from '../../src/db/connect.ts';
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

/** The usernames in the embedded database of `dataDir`, in order. */
export async function usernames(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.sql<{ username: string }[]>`select username from users order by username`;
    return rows.map((row) => row.username);
  } finally {
    await database.close();
  }
}

/** Runs `npm run cli -- <args>` on `dataDir`, as typed in `cwd`. */
export async function cli(dataDir: string, cwd: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: cwd },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const [code] = await once(child, 'exit');
  return { code, output };
}
