// Seeded databases for the benchmark, made once and kept: a Postgres database per size on the
// server of DATABASE_URL, and an embedded data folder. A database is reused while its recorded
// sizes and seed match; otherwise it is made anew.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createSql, openDatabase, type Sql } from '../../api/src/db/connect.ts';
import { migrate } from '../../api/src/schema.ts';
import { SEED_PRESETS, seedDatabase, type SeedSizes } from '../../api/src/seed/seed.ts';

export type SizeName = keyof typeof SEED_PRESETS;
export const BENCH_SEED = 1;
const MARKER = 'bench_dataset';

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function isSeeded(sql: Sql, sizes: SeedSizes): Promise<boolean> {
  const [table] = await sql<{ present: boolean }[]>`select to_regclass('app_data') is not null as present`;
  if (!table?.present) return false;
  const [row] = await sql<{ value: unknown }[]>`select value from app_data where key = ${MARKER}`;
  // jsonb keeps its own order of keys.
  return isDeepStrictEqual(row?.value, { ...sizes, seed: BENCH_SEED });
}

async function seed(sql: Sql, sizes: SeedSizes, label: string): Promise<void> {
  const started = Date.now();
  await migrate(sql);
  await seedDatabase(sql, {
    ...sizes,
    seed: BENCH_SEED,
    progress: (step, done, total) =>
      process.stderr.write(`  seeding ${label}: ${done}/${total} ${step} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`),
  });
  await sql`insert into app_data (key, value) values (${MARKER}, ${sql.json({ ...sizes, seed: BENCH_SEED })})`;
}

/** The URL of a Postgres database seeded at `size`, made on the server of `serverUrl` when missing. */
export async function ensurePostgresDataset(serverUrl: string, size: SizeName): Promise<string> {
  const name = `quorum_bench_${size}`;
  const url = withDatabase(serverUrl, name);
  const sizes = SEED_PRESETS[size];
  const admin = createSql(serverUrl, 1);
  try {
    const [exists] = await admin<{ n: number }[]>`select count(*)::int as n from pg_database where datname = ${name}`;
    if (exists?.n) {
      const sql = createSql(url, 1);
      try {
        if (await isSeeded(sql, sizes)) {
          await migrate(sql);
          return url;
        }
      } finally {
        await sql.end();
      }
      await admin.unsafe(`drop database "${name}" with (force)`);
    }
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const sql = createSql(url, 1);
  try {
    await seed(sql, sizes, `postgres ${size}`);
  } finally {
    await sql.end();
  }
  return url;
}

/** A data folder of the embedded database seeded at `size`, under `cacheDir`. */
export async function ensureEmbeddedDataset(cacheDir: string, size: SizeName): Promise<string> {
  const dataDir = join(cacheDir, `embedded-${size}`);
  const sizes = SEED_PRESETS[size];
  let database = await openDatabase({ dataDir });
  try {
    if (await isSeeded(database.sql, sizes)) {
      await migrate(database.sql);
      return dataDir;
    }
  } finally {
    await database.close();
  }
  await rm(dataDir, { recursive: true, force: true });
  database = await openDatabase({ dataDir });
  try {
    await seed(database.sql, sizes, `embedded ${size}`);
  } finally {
    await database.close();
  }
  return dataDir;
}
