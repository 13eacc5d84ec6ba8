import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { JOB_SITE_STATS } from './analytics/jobs.ts';
import { backupSettings, JOB_BACKUP } from './backups/jobs.ts';
import { buildApp } from './app.ts';
import { planWorkers, runPrimary } from './cluster/workers.ts';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { JOB_DELETE_EXPIRED_DATA_EXPORTS } from './exports/jobs.ts';
import { JOB_EXPIRED_IDEMPOTENCY_KEYS } from './idempotency/jobs.ts';
import { startImageCleanup } from './images/cleanup.ts';
import { createImageStore } from './images/storage.ts';
import { startHourlyJobs } from './jobs/hourly.ts';
import { announce, chooseLogFormat, createLogger, type Logger } from './logs/logger.ts';
import { startMetricsListener } from './metrics/listener.ts';
import { collectProcessMetrics, reportToPrimary, workersMetrics } from './metrics/metrics.ts';
import { migrate } from './schema.ts';
import { JOB_SEARCH_MONTHS } from './search/jobs.ts';

// The pages drawn on the server use React's production build unless told otherwise.
process.env.NODE_ENV ??= 'production';

function logMigrations(log: Logger, applied: string[]): void {
  if (applied.length === 0) log.info('the database schema is up to date');
  else if (applied.length === 1) log.info(`applied migration ${applied[0]}`);
  else log.info(`applied ${applied.length} migrations, ${applied[0]} to ${applied.at(-1)}`);
}

/** One API process: the database, the app, its background work, and a graceful stop. */
async function serve(config: Config, log: Logger, logRequests: boolean): Promise<void> {
  const database = await openDatabase({
    url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax, replicaUrls: config.databaseReplicaUrls,
    statementTimeoutMs: config.statementTimeoutMs,
  });
  // Workers find the database migrated by their primary before it started them.
  if (cluster.isPrimary) logMigrations(log, await migrate(database.sql));

  const app = await buildApp({
    config,
    sql: database.sql,
    replicas: database.replicas,
    loggerInstance: log,
    logRequests,
  });

  const stopImageCleanup = startImageCleanup(database.sql, createImageStore(config), app.log);
  // The job queue starts once the app is ready.
  await app.ready();
  const backups = backupSettings(config);
  if (config.backupIntervalHours !== undefined && !backups) {
    app.log.warn('BACKUP_INTERVAL_HOURS backs up the embedded database only; back up a Postgres server (DATABASE_URL) with pg_dump');
  }
  const hourly = [JOB_SITE_STATS, JOB_EXPIRED_IDEMPOTENCY_KEYS, JOB_DELETE_EXPIRED_DATA_EXPORTS, JOB_SEARCH_MONTHS, ...(backups ? [JOB_BACKUP] : [])];
  const stopHourlyJobs = startHourlyJobs(app.jobs, app.log, hourly);

  // The metrics are served by this process, or, by a worker of several, through the primary,
  // which asks each worker for its own.
  if (config.metricsPort !== undefined && cluster.isWorker) reportToPrimary();
  if (config.metricsPort !== undefined && cluster.isPrimary) collectProcessMetrics();
  const metrics = config.metricsPort !== undefined && cluster.isPrimary
    ? await startMetricsListener({ port: config.metricsPort, host: config.metricsHost, log })
    : undefined;

  // A worker of several drains on its first SIGTERM. Supervisors often signal the whole process
  // group (a terminal's Ctrl-C does too) and the primary forwards the signal as well: a worker
  // ignores SIGINT and any later SIGTERM, rather than exiting at once as on a second signal.
  const grace = closeWithGrace({ delay: 10_000, skip: cluster.isWorker ? ['SIGTERM', 'SIGINT'] : [] }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info(`${signal ?? 'SIGTERM'} received, shutting down`);
    stopImageCleanup();
    stopHourlyJobs();
    await metrics?.close();
    await app.close();
    await database.close();
  });
  if (cluster.isWorker) {
    let closing = false;
    process.on('SIGINT', () => {});
    process.on('SIGTERM', () => {
      if (closing) return;
      closing = true;
      grace.close();
    });
  }

  // Without its database the server can only fail: exit non-zero so that a supervisor restarts it.
  // Requests in flight have failed at once (503); they get a moment to be answered.
  database.onLost((err) => {
    app.log.fatal({ err }, 'the embedded database stopped; exiting');
    const exit = () => process.exit(1);
    setTimeout(exit, 3_000);
    app.close().then(exit, exit);
  });

  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) {
    const where = database.embedded ? `embedded database in ${config.dataDir}` : 'Postgres at DATABASE_URL';
    announce(log, `Quorum is running at ${config.publicUrl} (${where})`);
    if (metrics) log.info(`metrics at ${metrics.url}/metrics`);
  }
}

/** Applies the pending migrations on a connection of its own, closed after. */
async function migrateDatabase(config: Config): Promise<string[]> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: 1 });
  try {
    return await migrate(database.sql);
  } finally {
    await database.close();
  }
}

const config = loadConfig();
const logFormat = chooseLogFormat(config.logFormat, process.stdout.isTTY === true);
const log = createLogger({ level: config.logLevel, format: logFormat });
const plan = planWorkers(config);
if (cluster.isPrimary && plan.notice) log.warn(plan.notice);
if (cluster.isPrimary && plan.count > 1) {
  logMigrations(log, await migrateDatabase(config));
  const metrics = config.metricsPort !== undefined
    ? await startMetricsListener({ port: config.metricsPort, host: config.metricsHost, source: workersMetrics(), log })
    : undefined;
  runPrimary(plan.count, log, () => {
    announce(log, `Quorum is running at ${config.publicUrl} (${plan.count} processes, Postgres at DATABASE_URL)`);
    if (metrics) log.info(`metrics of every process at ${metrics.url}/metrics`);
  });
} else {
  await serve(config, log, logFormat === 'json');
}
