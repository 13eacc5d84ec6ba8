// The processes under test: the API (as `npm start` runs it, API only) and the floor server, each
// pinned to the first core when `taskset` exists so that the load generator keeps the second.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { resolve as resolvePath } from 'node:path';
import { serverNodeFlags } from '../lib/server-flags.mjs';

const apiDir = fileURLToPath(new URL('../../api/', import.meta.url));
const floorServer = fileURLToPath(new URL('./floor-server.ts', import.meta.url));
export const canPin = existsSync('/usr/bin/taskset');

export interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Runs on the first core, or with `pin` false on every core (the benchmark itself is pinned to
 * the second, which its children would otherwise inherit).
 */
function launch(args: string[], cwd: string, env: NodeJS.ProcessEnv, pin = true): ChildProcess {
  const command = [process.execPath, ...args];
  const cores = pin ? '0' : `0-${cpus().length - 1}`;
  const [bin, ...rest] = canPin ? ['taskset', '-c', cores, ...command] : command;
  return spawn(bin ?? process.execPath, rest, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before answering.`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/**
 * Starts the API on a Postgres URL or, without one, on the embedded database in `dataDir`; with
 * `web`, it also serves the built web app as `npm start` does. `workers` is WORKERS; `pin: false`
 * lets the processes use every core instead of the first.
 */
export async function startApi(
  target: { databaseUrl: string } | { dataDir: string },
  { web = false, workers = 1, pin = true, cpuProfile = null as string | null } = {},
): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    WORKERS: String(workers),
    ...(web ? {} : { WEB_DIST: '' }),
    ...('databaseUrl' in target ? { DATABASE_URL: target.databaseUrl } : { DATABASE_URL: '', DATA_DIR: target.dataDir }),
  };
  const profile = cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${resolvePath(cpuProfile)}`] : [];
  const child = launch([...serverNodeFlags({ ...process.env, ...env }), ...profile, 'dist/server.mjs'], apiDir, env, pin);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/api/_initial`, child, 180_000);
  // The first worker to listen answers; give the others the time to start too.
  if (workers > 1) await new Promise((resolve) => setTimeout(resolve, 5_000));
  return { url, pid: child.pid ?? 0, stop: stopper(child) };
}

export async function startFloor(databaseUrl: string): Promise<Running> {
  const port = await freePort();
  const child = launch(['--import', 'tsx', floorServer], apiDir, { PORT: String(port), DATABASE_URL: databaseUrl, NODE_ENV: 'production' });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/floor`, child, 60_000);
  return { url, pid: child.pid ?? 0, stop: stopper(child) };
}

/** A process's resident memory and its proportional share of it (pages shared with other processes, as the Node.js binary's, count once in all), in bytes. */
function memoryOf(pid: number): { rss: number; pss: number } {
  const kB = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return { rss: kB(rollup, 'Rss'), pss: kB(rollup, 'Pss') };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * Resident memory of a process and of its children (the embedded database runs in one), in bytes,
 * and the proportional memory of them all together.
 */
export function residentMemory(pid: number): { process: number; children: number; proportional: number } {
  const own = memoryOf(pid);
  const children = childrenOf(pid).map(memoryOf);
  return {
    process: own.rss,
    children: children.reduce((sum, child) => sum + child.rss, 0),
    proportional: children.reduce((sum, child) => sum + child.pss, own.pss),
  };
}
