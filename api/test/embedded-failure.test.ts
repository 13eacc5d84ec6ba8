// When the embedded database process dies or stops answering (runs in the embedded-database
// project only).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { copyTemplate, databaseProcessId } from './helpers/embedded.ts';

const unavailable = { status: 503, code: 'service_unavailable' };

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

it('answers requests in flight and later ones 503 once the database process is killed', async () => {
  // Hold the one connection, so that the request below waits for it.
  const holder = t.sql`select pg_sleep(60)`.catch((error: unknown) => error);
  const inFlight = t.app.inject({ method: 'GET', url: '/api/_initial' });
  process.kill(databaseProcessId(t.dataDir), 'SIGKILL');

  await holder;
  const response = await inFlight;
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ ...unavailable, message: 'The site is not available right now. Please try again in a moment.' });

  const later = await t.app.inject({ method: 'GET', url: '/api/_initial' });
  expect(later.statusCode).toBe(503);
  expect(later.json()).toMatchObject(unavailable);

  const health = await t.app.inject({ method: 'GET', url: '/api/_health' });
  expect(health.statusCode).toBe(503);
  expect(health.json()).toEqual({ ...unavailable, message: 'The database is not answering.' });
});

it('reports the database unhealthy when it does not answer in time', async () => {
  const holder = t.sql`select pg_sleep(60)`.catch((error: unknown) => error);
  const health = await t.app.inject({ method: 'GET', url: '/api/_health' });
  expect(health.statusCode).toBe(503);
  expect(health.json()).toMatchObject(unavailable);
  // End the sleep rather than wait for it.
  process.kill(databaseProcessId(t.dataDir), 'SIGKILL');
  await holder;
});

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || address === null) throw new Error('No port.');
  return address.port;
}

it('makes the server process exit non-zero when the database process is killed', async () => {
  const root = await mkdtemp(join(tmpdir(), 'quorum-server-'));
  const dataDir = await copyTemplate(root);
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', WEB_DIST: '', LOG_LEVEL: 'fatal' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(server, 'exit');
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      server.stdout.on('data', (chunk) => {
        output += String(chunk);
        if (output.includes('Quorum is running')) resolve();
      });
      server.once('exit', () => reject(new Error(`The server did not start:\n${output}`)));
    });
    const health = await fetch(`http://127.0.0.1:${port}/api/_health`);
    expect(health.status).toBe(200);

    process.kill(databaseProcessId(dataDir), 'SIGKILL');
    const [code] = await exited;
    expect(code).toBe(1);
  } finally {
    server.kill('SIGKILL');
    await rm(root, { recursive: true, force: true });
  }
});
