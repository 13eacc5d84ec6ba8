import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { startIdempotencyCleanup } from './idempotency/cleanup.ts';
import { startImageCleanup } from './images/cleanup.ts';
import { createImageStore } from './images/storage.ts';
import { startSiteStats } from './jobs/admin-jobs.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
await migrate(database.sql);

const app = await buildApp({
  config,
  sql: database.sql,
  logger: { level: config.logLevel },
});

const stopImageCleanup = startImageCleanup(database.sql, createImageStore(config), app.log);
const stopIdempotencyCleanup = startIdempotencyCleanup(database.sql, app.log);
// The job queue starts once the app is ready.
await app.ready();
const stopSiteStats = startSiteStats(app.jobs, app.log);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info(`${signal} received, shutting down`);
  stopImageCleanup();
  stopIdempotencyCleanup();
  stopSiteStats();
  await app.close();
  await database.close();
});

// Without its database the server can only fail: exit non-zero so that a supervisor restarts it.
// Requests in flight have failed at once (503); they get a moment to be answered.
database.onLost((err) => {
  app.log.fatal({ err }, 'the embedded database stopped; exiting');
  const exit = () => process.exit(1);
  setTimeout(exit, 3_000);
  app.close().then(exit, exit);
});

await app.listen({ port: config.port, host: config.host });
const where = database.embedded ? `embedded database in ${config.dataDir}` : 'Postgres at DATABASE_URL';
console.log(`\n  Quorum is running at ${config.publicUrl} (${where})\n`);
