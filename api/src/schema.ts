// The database's whole schema: the app's migrations, then the job queue's own tables, under one lock.
import type { Sql } from './db/connect.ts';
import { migrate as applyMigrations } from './db/migrate.ts';
import { installJobQueue } from './jobs/queue.ts';

/** Brings the database's schema up to date; answers the migration files applied. */
export function migrate(sql: Sql): Promise<string[]> {
  return applyMigrations(sql, installJobQueue);
}
