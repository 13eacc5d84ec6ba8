// Scratch databases for API tests. Each test file gets its own database copied from a migrated
// template made once per run: a copied data folder for the embedded database, or
// `create database … template …` on a real Postgres server.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createSql, openDatabase, type Sql } from '../../src/db/connect.ts';

export type TestDbKind = 'pglite' | 'postgres';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

/** The same server URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface TestDatabase {
  sql: Sql;
  /** The embedded database's folder; undefined on a Postgres server. */
  dataDir: string | undefined;
  /** The database's URL on a Postgres server, for processes of its own; undefined when embedded. */
  url: string | undefined;
  close(): Promise<void>;
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(template: string): Promise<TestDatabase> {
  if (testDbKind() === 'postgres') {
    const name = `${template.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`;
    const admin = createSql(testServerUrl(), 1);
    try {
      await admin.unsafe(`create database "${name}" template "${template}"`);
    } finally {
      await admin.end();
    }
    const url = withDatabase(testServerUrl(), name);
    const sql = createSql(url, 4);
    return {
      sql,
      dataDir: undefined,
      url,
      close: async () => {
        await sql.end({ timeout: 5 });
        const cleanup = createSql(testServerUrl(), 1);
        try {
          await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
        } finally {
          await cleanup.end();
        }
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'quorum-test-'));
  await cp(template, dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir });
  return {
    sql: database.sql,
    dataDir: dir,
    url: undefined,
    close: async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
