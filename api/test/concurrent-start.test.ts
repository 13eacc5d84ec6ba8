// Processes and machines started together on one new, empty Postgres database all start, and the
// migrations are applied once. Runs on a real Postgres server only.
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createSql } from '../src/db/connect.ts';
import { migrate } from '../src/schema.ts';
import { testServerUrl, withDatabase } from './helpers/database.ts';
import { startApiProcess, TEST_PORTS, waitFor } from './helpers/processes.ts';

const created: string[] = [];

async function createEmptyDatabase(): Promise<string> {
  const name = `quorum_test_empty_${randomBytes(4).toString('hex')}`;
  const admin = createSql(testServerUrl(), 1);
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  created.push(name);
  return withDatabase(testServerUrl(), name);
}

afterEach(async () => {
  const admin = createSql(testServerUrl(), 1);
  try {
    for (const name of created.splice(0)) await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
});

const migrationFiles = async () => (await readdir(new URL('../migrations/', import.meta.url))).filter((file) => file.endsWith('.sql')).sort();

describe('migrating a new database from two processes at once', () => {
  it('succeeds in both, and the migrations and job queue are installed once', async () => {
    const files = await migrationFiles();
    for (let round = 0; round < 4; round++) {
      const url = await createEmptyDatabase();
      // A server's pool and the command line's single connection.
      const server = createSql(url, 4);
      const pools = [server, createSql(url, 1)];
      try {
        const settled = await Promise.allSettled(pools.map((sql) => migrate(sql)));
        const results = settled.map((result) => {
          if (result.status === 'rejected') throw result.reason;
          return result.value;
        });
        expect(results.map((applied) => applied.length).sort()).toEqual([0, files.length]);
        expect(results.flat()).toEqual(files);

        const versions = await server<{ version: number }[]>`select version from schema_migrations order by version`;
        expect(versions.map((row) => row.version)).toEqual(files.map((file) => Number(file.slice(0, 4))));
        const [boss] = await server<{ count: number }[]>`select count(*)::int from pgboss.version`;
        expect(boss?.count).toBe(1);
      } finally {
        await Promise.all(pools.map((sql) => sql.end({ timeout: 5 })));
      }
    }
  }, 60_000);
});

describe('two machines with WORKERS=2 started together on a new database', () => {
  it('start every worker and serve', async () => {
    const url = await createEmptyDatabase();
    const sql = createSql(url, 2);
    // Processes started at one instant all reach the migrations within a few milliseconds, but
    // seldom at the very same one. A transaction creating the migrations' table, left open, holds
    // whichever process creates it first, and so lines them up as if they had come at once.
    const holder = await sql.reserve();
    await holder`begin`;
    await holder`create table schema_migrations (version integer primary key)`;
    let oneEnded = false;
    const starting = Promise.allSettled([TEST_PORTS[4], TEST_PORTS[5]].map((port) => startApiProcess(port, {
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: url,
      WORKERS: '2',
    }).finally(() => (oneEnded = true))));
    try {
      // A process that ended already has failed, before migrating: its error is reported below.
      await waitFor('two processes to wait for the migrations', async () => {
        if (oneEnded) return true;
        const [row] = await sql<{ waiting: number }[]>`
          select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
        return (row?.waiting ?? 0) >= 2;
      });
    } finally {
      await holder`rollback`;
      holder.release();
    }
    const started = await starting;
    const fleets = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      for (const result of started) if (result.status === 'rejected') throw result.reason;
      for (const fleet of fleets) {
        await waitFor('both workers to listen', () => {
          if (fleet.output().includes('before it served')) throw new Error(`A worker failed to start:\n${fleet.output()}`);
          return fleet.output().includes('(2 processes');
        });
        expect((await fetch(`${fleet.origin}/api/_initial`)).status).toBe(200);
      }
      const [row] = await sql<{ count: number }[]>`select count(*)::int from schema_migrations`;
      expect(row?.count).toBe((await migrationFiles()).length);
    } finally {
      const codes = await Promise.all(fleets.map((fleet) => fleet.stop()));
      await sql.end({ timeout: 5 });
      expect(codes).toEqual(fleets.map(() => 0));
    }
  }, 90_000);
});
