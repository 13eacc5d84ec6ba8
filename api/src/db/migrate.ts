import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiDir } from '../paths.ts';
import type { Sql } from './connect.ts';

const migrationsDir = join(apiDir, 'migrations/');
// Any fixed number: held while migrating so that two processes never migrate at once.
const MIGRATION_LOCK = 727_001;

interface Migration {
  version: number;
  name: string;
  file: string;
}

async function listMigrations(): Promise<Migration[]> {
  const files = (await readdir(migrationsDir)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort();
  return files.map((file) => ({ version: Number(file.slice(0, 4)), name: file.slice(5, -4), file }));
}

/**
 * Applies every migration not yet recorded, all in one transaction, then `installAlso` (the
 * schemas kept by libraries, such as the job queue's tables). Returns the files applied. Processes
 * and machines starting together on one database take turns under an advisory lock: the first
 * applies everything, the others wait and find nothing left to do.
 */
export async function migrate(sql: Sql, installAlso: (sql: Sql) => Promise<void>): Promise<string[]> {
  // A session's lock belongs to its connection. A pool reserves one to hold it; a client with a
  // single connection (the embedded database, the command line) holds it on that connection, which
  // the statements below then use too.
  const reserved = sql.options.max === 1 ? undefined : await sql.reserve();
  const session = reserved ?? sql;
  // Neither waiting for another process's migrations nor a migration of a large table is bound by
  // the statement timeout of the app's connections.
  await session`select set_config('statement_timeout', '0', false)`;
  await session`select pg_advisory_lock(${MIGRATION_LOCK})`;
  try {
    await sql`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`;
    const applied = await applyMigrations(sql);
    await installAlso(sql);
    return applied;
  } finally {
    await session`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    await session`reset statement_timeout`;
    reserved?.release();
  }
}

async function applyMigrations(sql: Sql): Promise<string[]> {
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`select set_config('statement_timeout', '0', true)`;
    const done = new Set((await tx<{ version: number }[]>`select version from schema_migrations`).map((row) => row.version));
    for (const migration of await listMigrations()) {
      if (done.has(migration.version)) continue;
      const text = await readFile(migrationsDir + migration.file, 'utf8');
      await tx.unsafe(text);
      await tx`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`;
      applied.push(migration.file);
    }
  });
  return applied;
}
