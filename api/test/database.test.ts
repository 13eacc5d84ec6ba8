// The migrations, on either database.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/schema.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';

describe('migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are recorded and not applied twice', async () => {
    const files = (await readdir(new URL('../migrations/', import.meta.url))).filter((f) => f.endsWith('.sql'));
    expect(await migrate(t.sql)).toEqual([]);
    const rows = await t.sql<{ version: number }[]>`select version from schema_migrations order by version`;
    expect(rows.map((r) => r.version)).toEqual(files.map((f) => Number(f.slice(0, 4))));
  });

  it('make time-ordered UUID version 7 ids', async () => {
    const rows = await t.sql<{ id: string }[]>`select uuid_generate_v7()::text as id from generate_series(1, 3)`;
    for (const { id } of rows) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const [first] = rows;
    const embeddedMs = parseInt(first!.id.replaceAll('-', '').slice(0, 12), 16);
    expect(Math.abs(embeddedMs - Date.now())).toBeLessThan(60_000);
  });

  it('never JIT-compile statements: off on a Postgres server, absent from the embedded database', async () => {
    const [row] = await t.sql<{ jit: string; available: boolean }[]>`select current_setting('jit') as jit, pg_jit_available() as available`;
    if (process.env.TEST_DB === 'postgres') expect(row?.jit).toBe('off');
    else expect(row?.available).toBe(false);
  });

  it('enforce the schema: usernames unique whatever the case', async () => {
    await t.sql`insert into users (username, password_hash) values ('CaseTest', 'x')`;
    await expect(t.sql`insert into users (username, password_hash) values ('casetest', 'x')`).rejects.toThrow(/unique/);
  });
});
