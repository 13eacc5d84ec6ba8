// Several API processes on one port: the primary forks the workers, starts another when one dies
// while serving, and on SIGTERM or SIGINT tells every worker to drain and exits after they have.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';

/** How long the primary waits for its workers to drain before it stops them outright. */
const DRAIN_WAIT_MS = 20_000;

export interface WorkerPlan {
  count: number;
  /** Said at start when the number asked for cannot be run. */
  notice?: string;
}

/** The processes to run: as many as WORKERS asks, but one on the embedded database. */
export function planWorkers(config: Pick<Config, 'workers' | 'databaseUrl'>): WorkerPlan {
  if (config.workers > 1 && !config.databaseUrl) {
    return {
      count: 1,
      notice:
        `WORKERS=${config.workers} is ignored: the embedded database serves one process, so Quorum runs one. ` +
        'Set DATABASE_URL to a Postgres server to run several processes.',
    };
  }
  return { count: config.workers };
}

/** Where the primary tells what becomes of its workers. */
export interface PrimaryLog {
  error(message: string): void;
}

/**
 * Runs the primary of `count` workers; each worker runs this same script and finds
 * `cluster.isPrimary` false. A worker that dies before it ever listened means the workers cannot
 * start (bad settings, no database): the primary stops the others and exits with an error
 * rather than starting them again and again. `onAllListening` is called once the first `count`
 * workers listen.
 */
export function runPrimary(count: number, log: PrimaryLog, onAllListening: () => void): void {
  let stopping = false;
  let exitCode = 0;
  let started = 0;
  const listening = new WeakSet<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      listening.add(worker);
      if (++started === count) onAllListening();
    });
  };

  const live = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of live()) worker.process.kill(signal);
    setTimeout(() => {
      log.error('workers still running after the drain time; stopping them');
      for (const worker of live()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, DRAIN_WAIT_MS).unref();
    if (live().length === 0) process.exit(exitCode);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) {
      if (!listening.has(worker)) {
        log.error(`a worker exited (${signal ?? `code ${code}`}) before it served; stopping`);
        exitCode = 1;
        stop('SIGTERM');
      } else {
        log.error(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
        fork();
      }
    }
    if (stopping && live().length === 0) process.exit(exitCode);
  });

  // Workers drain on SIGTERM; a terminal's Ctrl-C reaches them too, and they leave it to the primary.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGTERM'));
  for (let i = 0; i < count; i++) fork();
}
