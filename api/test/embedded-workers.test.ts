// WORKERS > 1 on the embedded database: the server says it runs one process, and serves.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { startApiProcess, TEST_PORTS } from './helpers/processes.ts';

it('runs one process on the embedded database when WORKERS asks for two, and says so', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quorum-workers-'));
  try {
    await cp(inject('templateDatabase'), dir, { recursive: true });
    const server = await startApiProcess(TEST_PORTS[3], { DATABASE_URL: '', DATA_DIR: dir, WORKERS: '2', LOG_LEVEL: 'info' });
    try {
      expect(server.output()).toContain(
        'WORKERS=2 is ignored: the embedded database serves one process, so Quorum runs one. Set DATABASE_URL to a Postgres server to run several processes.',
      );
      const listening = server.output().split('Server listening').length - 1;
      expect(listening).toBe(1);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
