// The embedded database process (runs in the embedded-database project only).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.ts';
import { migrate } from '../src/db/migrate.ts';

describe('embedded database', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quorum-embedded-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps data across a clean close and reopen', async () => {
    const first = await openDatabase({ dataDir: dir });
    await migrate(first.sql);
    await first.sql`insert into users (username, password_hash) values ('durable_user', 'x')`;
    await first.close();

    const second = await openDatabase({ dataDir: dir });
    try {
      const rows = await second.sql`select username from users where username = 'durable_user'`;
      expect(rows).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('refuses to open a data folder another process is using', async () => {
    const running = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by process/);
    } finally {
      await running.close();
    }
  });
});
