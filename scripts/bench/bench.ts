// The benchmark: seeded data sets on Postgres (and the embedded database), the API started as in
// production, each workload measured with autocannon at a fixed number of connections. Prints
// req/s, p50, p99, the ratio to the floor (Fastify + one SELECT), statements per request and any
// sequential scan of a large table, and p50(large) ÷ p50(small) for every feed; writes the results
// as JSON under bench/results/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_PRESETS } from '../../api/src/seed/seed.ts';
import { DEFAULT_SERVER_URL, ensureEmbeddedDataset, ensurePostgresDataset, type SizeName } from './datasets.ts';
import { explainWorkloads, type StatementReport } from './explain.ts';
import { measure, type Measurement } from './load.ts';
import { measurePage, printPageReport, type PageReport } from './page.ts';
import { canPin, residentMemory, startApi, startFloor } from './processes.ts';
import { BENCH_WATCHED_WORDS, prepareWorkloads, seededPublicId, type Workload } from './workloads.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Options {
  sizes: SizeName[];
  engines: Array<'postgres' | 'embedded'>;
  seconds: number;
  warmup: number;
  connections: number;
  page: 'also' | 'only' | 'no';
  /** Only the hot feed with 1 and with 2 API processes. */
  workersOnly: boolean;
  /** Only the workloads whose names contain one of these; all when empty. */
  only: string[];
  /** Where the API's CPU profiles of the workloads go (Node's --cpu-prof), if anywhere. */
  cpuProfile: string | null;
}

const usage = `Usage: npm run bench -- [--sizes small,large] [--engines postgres,embedded] [--seconds N] [--connections N] [--quick] [--workers-only] [--only words] [--cpu-profile dir]

  --sizes        data sets to measure (default small,large; the embedded database measures small only)
  --engines      postgres (DATABASE_URL's server, default ${DEFAULT_SERVER_URL}) and/or embedded
  --seconds      seconds measured per workload (default 10, after a 3 s warm-up)
  --connections  concurrent connections (default 10)
  --quick        small data, 3 s per workload
  --page-only    only the feed page in Chromium on a phone profile (measured after the API by default)
  --no-page      skip the page measurement
  --workers-only only the hot feed with 1 and with 2 API processes (WORKERS), on Postgres
  --only         only the workloads whose names contain one of these comma-separated words (e.g. vote,search)
  --cpu-profile  a folder where the API process writes its CPU profile (.cpuprofile) when it stops`;

function parseOptions(args: string[]): Options {
  const options: Options = { sizes: ['small', 'large'], engines: ['postgres', 'embedded'], seconds: 10, warmup: 3, connections: 10, page: 'also', workersOnly: false, only: [], cpuProfile: null };
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    const value = args[i + 1] ?? '';
    if (flag === '--quick') {
      options.sizes = ['small'];
      options.seconds = 3;
      options.warmup = 1;
      continue;
    }
    if (flag === '--workers-only') {
      options.workersOnly = true;
      options.engines = ['postgres'];
      options.page = 'no';
      continue;
    }
    if (flag === '--page-only' || flag === '--no-page') {
      options.page = flag === '--page-only' ? 'only' : 'no';
      continue;
    }
    i += 1;
    if (flag === '--sizes') options.sizes = value.split(',').filter((s): s is SizeName => s === 'small' || s === 'large');
    else if (flag === '--engines') options.engines = value.split(',').filter((e): e is 'postgres' | 'embedded' => e === 'postgres' || e === 'embedded');
    else if (flag === '--seconds') options.seconds = Math.max(1, Number(value) || 10);
    else if (flag === '--connections') options.connections = Math.max(1, Number(value) || 10);
    else if (flag === '--only') options.only = value.split(',').filter(Boolean);
    else if (flag === '--cpu-profile') options.cpuProfile = value;
    else throw new Error(usage);
  }
  if (options.sizes.length === 0 || options.engines.length === 0) throw new Error(usage);
  return options;
}

interface Row extends Measurement {
  workload: string;
  feed: boolean;
  ratioToFloor: number | null;
  statements?: number;
  seqScans?: string[];
}

interface WorkersRow extends Measurement {
  workers: number;
  size: SizeName;
}

interface EngineRun {
  engine: 'postgres' | 'embedded';
  size: SizeName;
  floor: Measurement | null;
  rows: Row[];
  memory: { idle: ReturnType<typeof residentMemory>; loaded: ReturnType<typeof residentMemory>; fresh?: ReturnType<typeof residentMemory> };
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;

function printRun(run: EngineRun): void {
  console.log(`\n${run.engine}, ${run.size} data (${fmt(SEED_PRESETS[run.size].posts)} posts)`);
  const header = ['workload', 'req/s', 'p50 ms', 'p99 ms', '× floor', 'stmts', 'KB/answer', 'errors', 'seq scans'];
  const lines = [
    ...(run.floor ? [['floor: Fastify + one SELECT', fmt(run.floor.requestsPerSecond), fmt(run.floor.p50), fmt(run.floor.p99), '1.00', '1', fmt(run.floor.bytesPerRequest / 1024, 1), '0', '']] : []),
    ...run.rows.map((row) => [
      row.workload,
      fmt(row.requestsPerSecond),
      fmt(row.p50),
      fmt(row.p99),
      row.ratioToFloor === null ? '' : fmt(row.ratioToFloor, 2),
      row.statements === undefined ? '' : String(row.statements),
      fmt(row.bytesPerRequest / 1024, 1),
      String(row.errors + row.non2xx),
      row.seqScans?.length ? `⚠ ${row.seqScans.join(', ')}` : '',
    ]),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]?.length ?? 0)));
  const format = (cells: string[]) => cells.map((cell, i) => (i === 0 || i === 8 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
  console.log(`API memory: after the logins ${mb(run.memory.idle.process)}${run.memory.idle.children ? ` + database process ${mb(run.memory.idle.children)}` : ''}; after the load ${mb(run.memory.loaded.process)}${run.memory.loaded.children ? ` + ${mb(run.memory.loaded.children)}` : ''}`);
  const fresh = run.memory.fresh;
  if (fresh) console.log(`Idle on a new data folder: ${mb(fresh.process)} + database process ${mb(fresh.children)} = ${mb(fresh.process + fresh.children)} resident (${mb(fresh.proportional)} proportional: pages the two share counted once)`);
}

/** The memory of `npm start` on the embedded database, idle, just after making a new data folder. */
async function freshEmbeddedMemory(): Promise<ReturnType<typeof residentMemory>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quorum-bench-'));
  try {
    // As `npm start` serves it: the API with the web app.
    const api = await startApi({ dataDir }, { web: true });
    try {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      return residentMemory(api.pid);
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runEngine(engine: 'postgres' | 'embedded', size: SizeName, options: Options, serverUrl: string): Promise<EngineRun> {
  console.error(`\n▶ ${engine}, ${size} data`);
  const databaseUrl = engine === 'postgres' ? await ensurePostgresDataset(serverUrl, size) : undefined;
  const dataDir = engine === 'embedded' ? await ensureEmbeddedDataset(join(root, '.cache/bench'), size) : undefined;
  const sizes = SEED_PRESETS[size];

  let floor: Measurement | null = null;
  if (databaseUrl) {
    const floorServer = await startFloor(databaseUrl);
    try {
      floor = await measure(floorServer.url, { next: () => () => ({ method: 'GET', path: '/floor' }) }, options);
    } finally {
      await floorServer.stop();
    }
  }

  // With the web app, as `npm start` serves it: one workload reads a page drawn on the server.
  const api = await startApi(databaseUrl ? { databaseUrl } : { dataDir: dataDir ?? '' }, { web: true, cpuProfile: options.cpuProfile });
  const rows: Row[] = [];
  let idle = residentMemory(api.pid);
  let loaded = idle;
  let workloads: Workload[] = [];
  try {
    // The server's memory once the benchmark's sessions are made, before the workloads read anything.
    workloads = (await prepareWorkloads(api.url, sizes, options.connections, () => (idle = residentMemory(api.pid)))).filter(
      (workload) => options.only.length === 0 || options.only.some((word) => workload.name.includes(word)),
    );
    for (const workload of workloads) {
      console.error(`  ${workload.name}…`);
      await workload.setUp?.();
      const result = await measure(api.url, workload.load, options).finally(() => workload.tearDown?.());
      rows.push({ workload: workload.name, feed: workload.feed, ...result, ratioToFloor: floor ? result.requestsPerSecond / floor.requestsPerSecond : null });
    }
    loaded = residentMemory(api.pid);
  } finally {
    await api.stop();
  }
  // The embedded database serves one connection, so only Postgres runs are explained.
  const reports = databaseUrl ? await explainWorkloads(databaseUrl, workloads) : new Map<string, StatementReport>();
  const fresh = engine === 'embedded' ? await freshEmbeddedMemory() : undefined;
  return { engine, size, floor, rows: rows.map((row) => ({ ...row, ...reports.get(row.workload) })), memory: { idle, loaded, fresh } };
}

function gitRevision(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(usage);
  process.exit(0);
}
let options: Options;
try {
  options = parseOptions(args);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const serverUrl = process.env.DATABASE_URL || DEFAULT_SERVER_URL;
if (canPin) execFileSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
const runs: EngineRun[] = [];
for (const engine of options.page === 'only' || options.workersOnly ? [] : options.engines) {
  for (const size of engine === 'embedded' ? options.sizes.filter((s) => s === 'small') : options.sizes) {
    const run = await runEngine(engine, size, options, serverUrl);
    printRun(run);
    runs.push(run);
  }
}

const small = runs.find((run) => run.engine === 'postgres' && run.size === 'small');
const large = runs.find((run) => run.engine === 'postgres' && run.size === 'large');
const growth = small && large
  ? small.rows.filter((row) => row.feed).map((row) => {
      const big = large.rows.find((other) => other.workload === row.workload);
      return { workload: row.workload, ratio: big && row.p50 > 0 ? big.p50 / row.p50 : null };
    })
  : [];
if (growth.length) {
  console.log('\np50(large) ÷ p50(small), Postgres');
  for (const { workload, ratio } of growth) console.log(`  ${workload.padEnd(28)} ${ratio === null ? 'n/a' : fmt(ratio, 2)}`);
}
// What screening with watched words costs a write: the same write with and without the lists.
for (const run of runs) {
  for (const write of ['create post', 'create comment']) {
    const plain = run.rows.find((row) => row.workload === write);
    const screened = run.rows.find((row) => row.workload === `${write}, ${2 * BENCH_WATCHED_WORDS} watched words`);
    if (!plain || !screened || plain.p50 <= 0 || screened.requestsPerSecond <= 0) continue;
    console.log(
      `${write} with ${2 * BENCH_WATCHED_WORDS} watched words ÷ without, ${run.engine} ${run.size}: ` +
        `p50 ${fmt(screened.p50 / plain.p50, 2)}, req/s ${fmt(screened.requestsPerSecond / plain.requestsPerSecond, 2)}`,
    );
  }
}

/**
 * The hot feed with 1 and with 2 API processes (WORKERS) on the first Postgres data set measured.
 * Neither run is pinned to one core: the processes share every core with Postgres and the load
 * generator, as processes of one machine do.
 */
async function runWorkers(size: SizeName): Promise<WorkersRow[]> {
  const databaseUrl = await ensurePostgresDataset(serverUrl, size);
  const rows: WorkersRow[] = [];
  for (const workers of [1, 2]) {
    console.error(`\n▶ hot feed, ${workers} API process${workers > 1 ? 'es' : ''}, ${size} data`);
    const api = await startApi({ databaseUrl }, { workers, pin: false });
    try {
      rows.push({ workers, size, ...(await measure(api.url, { next: () => () => ({ method: 'GET', path: '/api/posts?feed=all&sort=hot' }) }, options)) });
    } finally {
      await api.stop();
    }
  }
  return rows;
}
const workersSize = options.workersOnly ? options.sizes[0] : runs.find((run) => run.engine === 'postgres')?.size;
const workerRows = workersSize ? await runWorkers(workersSize) : [];
if (workerRows.length) {
  console.log(`\nHot feed by API processes (WORKERS), Postgres, ${workerRows[0]?.size} data, on all ${cpus().length} cores`);
  for (const row of workerRows) {
    console.log(`  ${String(row.workers).padStart(2)} process${row.workers > 1 ? 'es' : '  '}  ${fmt(row.requestsPerSecond).padStart(7)} req/s  p50 ${fmt(row.p50)} ms  p99 ${fmt(row.p99)} ms  errors ${row.errors + row.non2xx}`);
  }
}

const embedded = runs.find((run) => run.engine === 'embedded');
if (small && embedded) {
  const hot = (run: EngineRun) => run.rows.find((row) => row.workload === 'hot feed, visitor')?.requestsPerSecond ?? 0;
  console.log(`\nEmbedded ÷ Postgres, hot feed req/s (small data): ${fmt(hot(embedded) / Math.max(1, hot(small)), 2)}`);
}

/** The feed page on the small data of the first engine asked for. */
async function runPage(): Promise<PageReport> {
  console.error('\n▶ the feed page in Chromium');
  // The browser inherits the benchmark's pinning: on the load generator's one core, its renderer,
  // compositor and network processes would take turns, which no phone does (the CPU's slowdown is
  // set per page instead). No load runs now, so the browser gets every core.
  if (canPin) execFileSync('taskset', ['-p', '-c', `0-${cpus().length - 1}`, String(process.pid)], { stdio: 'ignore' });
  const target = options.engines[0] === 'embedded'
    ? { dataDir: await ensureEmbeddedDataset(join(root, '.cache/bench'), 'small') }
    : { databaseUrl: await ensurePostgresDataset(serverUrl, 'small') };
  const api = await startApi(target, { web: true });
  try {
    return await measurePage(api.url, seededPublicId(SEED_PRESETS.small.posts - 1));
  } finally {
    await api.stop();
  }
}
const page = options.page === 'no' ? null : await runPage();
if (page) printPageReport(page);

const resultsDir = join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = join(resultsDir, `${stamp}-${gitRevision()}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ date: new Date().toISOString(), revision: gitRevision(), cores: availableParallelism(), node: process.version, pinned: canPin, options, runs, growth, workers: workerRows, page }, null, 2)}\n`,
);
console.log(`\nResults written to ${file.slice(root.length)}`);
