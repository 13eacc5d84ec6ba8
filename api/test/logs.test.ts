// The server's log as `npm start` writes it: JSON lines, one per request and no secret in them,
// when its output goes to a file or a collector (or with LOG_FORMAT=json); short readable lines and
// none per request on a terminal. Every answer carries its request id, and a 5xx's log line has it
// with the error's stack.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CSRF_REQUEST_HEADER, CSRF_RESPONSE_HEADER } from '@quorum/shared/http-names';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { chooseLogFormat, createLogger } from '../src/logs/logger.ts';
import { registry } from '../src/metrics/metrics.ts';
import { createTestDatabase, testDbKind } from './helpers/database.ts';
import { copyTemplate } from './helpers/embedded.ts';
import { freePort, waitFor } from './helpers/processes.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

/** A database for a server process of its own: a copy of the template, on either kind. */
async function serverDatabase(): Promise<{ env: NodeJS.ProcessEnv; close(): Promise<void> }> {
  if (testDbKind() === 'postgres') {
    const database = await createTestDatabase(inject('templateDatabase'));
    return { env: { DATABASE_URL: database.url }, close: () => database.close() };
  }
  const root = await mkdtemp(join(tmpdir(), 'quorum-logs-'));
  const dataDir = await copyTemplate(root);
  return { env: { DATABASE_URL: '', DATA_DIR: dataDir }, close: () => rm(root, { recursive: true, force: true }) };
}

interface ServerProcess {
  origin: string;
  /** What the server wrote to its standard output so far. */
  stdout(): string;
  stop(): Promise<void>;
}

/**
 * Starts src/server.ts as `npm start` does, on a port of its own; on a pseudo-terminal (through
 * util-linux's `script`) with `terminal`. Waits until its health check answers.
 */
async function startServer(env: NodeJS.ProcessEnv, { terminal = false } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const command = [process.execPath, '--import', 'tsx', 'src/server.ts'];
  const fullEnv = {
    ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), WEB_DIST: '', SCRYPT_LOG_N: '10', LOG_LEVEL: 'info', ...env,
  };
  // Its own process group, so that stopping it reaches the server behind `script` too, as a
  // terminal's Ctrl-C would.
  const child: ChildProcess = terminal
    ? spawn('script', ['-qfec', command.join(' '), '/dev/null'], { cwd: apiDir, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    : spawn(command[0]!, command.slice(1), { cwd: apiDir, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`the server on port ${port}`, async () => {
      if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${stdout}\n${stderr}`);
      return (await fetch(`${origin}/api/_health`).catch(() => undefined))?.status === 200;
    }, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stdout: () => stdout, stop };
}

const PASSWORD = 'sesame-open-5551';

describe('LOG_FORMAT', () => {
  it('is pretty on a terminal and JSON elsewhere, unless set to either', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(chooseLogFormat(loadConfig({}).logFormat, true)).toBe('pretty');
    expect(chooseLogFormat(loadConfig({}).logFormat, false)).toBe('json');
    expect(chooseLogFormat(loadConfig({ LOG_FORMAT: 'json' }).logFormat, true)).toBe('json');
    expect(chooseLogFormat(loadConfig({ LOG_FORMAT: 'Pretty' }).logFormat, false)).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT must be pretty or json, got "xml".');
  });
});

describe('the JSON log (LOG_FORMAT=json)', () => {
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let server: ServerProcess;
  let metricsPort: number;
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('writes one JSON line per request, with its id, route, status, time and user, and no secret', async () => {
    database = await serverDatabase();
    metricsPort = await freePort();
    server = await startServer({ ...database.env, LOG_FORMAT: 'json', METRICS_PORT: String(metricsPort) });

    const cookies = new Map<string, string>();
    /** Every cookie value and token handed out, which the log must never show. */
    const secrets = new Set([PASSWORD]);
    let token = '';
    const ids: { id: string; route: string; method: string; status: number }[] = [];
    const call = async (method: string, path: string, route: string, body?: unknown) => {
      const response = await fetch(`${server.origin}${path}`, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(token && { [CSRF_REQUEST_HEADER]: token }),
          authorization: `Bearer ${PASSWORD}-bearer`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const value = pair.slice(pair.indexOf('=') + 1);
        cookies.set(pair.slice(0, pair.indexOf('=')), value);
        if (value.length >= 8) secrets.add(value);
      }
      token = response.headers.get(CSRF_RESPONSE_HEADER) ?? token;
      secrets.add(token);
      const id = response.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.push({ id: id!, route, method, status: response.status });
      return response;
    };

    await call('GET', '/api/_initial', '/api/_initial');
    const username = `logs_${Date.now() % 1_000_000}`;
    expect((await call('POST', '/api/_signup', '/api/_signup', { username, password: PASSWORD, email: '' })).status).toBe(201);
    expect((await call('POST', '/api/_login?action=logout', '/api/_login')).status).toBe(200);
    expect((await call('POST', '/api/_login', '/api/_login', { username, password: PASSWORD })).status).toBe(200);
    const me = await call('GET', '/api/_user', '/api/_user');
    expect(me.status).toBe(200);
    const userId = ((await me.json()) as { id: string }).id;
    expect((await call('GET', '/api/no-such-thing', 'unmatched')).status).toBe(404);
    secrets.delete('');
    // The password, two session ids, their anti-forgery tokens.
    expect(secrets.size).toBeGreaterThanOrEqual(5);

    // Lines are written as the answers go: give the last one a moment.
    await waitFor('the last request line', () => server.stdout().includes(ids.at(-1)!.id), 5_000);
    const lines = server.stdout().split('\n').filter((line) => line !== '');
    const entries = lines.map((line) => JSON.parse(line) as LogLine);
    expect(entries.map((entry) => entry.msg)).toContain(`Quorum is running at http://localhost:${new URL(server.origin).port} (${
      testDbKind() === 'postgres' ? 'Postgres at DATABASE_URL' : `embedded database in ${database.env.DATA_DIR}`
    })`);
    for (const { id, route, method, status } of ids) {
      const about = entries.filter((entry) => entry.reqId === id);
      expect(about).toHaveLength(1);
      expect(about[0]).toMatchObject({ level: 30, msg: 'request', route, method, status });
      expect(about[0]!.durationMs).toEqual(expect.any(Number));
    }
    const userLine = entries.find((entry) => entry.reqId === ids.find((call) => call.route === '/api/_user')!.id);
    expect(userLine?.userId).toBe(userId);
    for (const secret of secrets) expect(server.stdout()).not.toContain(secret);
  });

  it('serves the metrics on METRICS_PORT only', async () => {
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(/^quorum_http_requests_total\{route="\/api\/_login",method="POST",status="200"\} 2$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect((await fetch(`${server.origin}/metrics`)).status).toBe(404);
  });
});

describe('the log on a terminal', () => {
  it('is short readable lines, with none per request', async () => {
    // util-linux's `script` runs the server on a pseudo-terminal.
    expect(spawnSync('which', ['script']).status).toBe(0);
    const database = await serverDatabase();
    let server: ServerProcess | undefined;
    try {
      server = await startServer(database.env, { terminal: true });
      for (const path of ['/api/_initial', '/api/posts?sort=hot', '/api/no-such-thing']) await fetch(`${server.origin}${path}`);
      await server.stop();
      // The terminal's colours and line ends aside.
      const text = server.stdout().replace(/\x1b\[[0-9;]*m/g, '').replace(/\r/g, '');
      const lines = text.split('\n').filter((line) => line !== '');
      expect(lines.some((line) => line.startsWith('{'))).toBe(false);
      expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d Quorum is running at http:\/\/localhost:\d+ \(.+\)$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d Server listening at http:\/\/127\.0\.0\.1:\d+$/));
      expect(text).not.toMatch(/_initial|posts|no-such-thing|reqId/);
    } finally {
      await server?.stop();
      await database.close();
    }
  });
});

describe('request ids', () => {
  // The app in this process, with the JSON log written to `lines`.
  const lines: string[] = [];
  const entries = (reqId: unknown) => lines.map((line) => JSON.parse(line) as LogLine).filter((entry) => entry.reqId === reqId);
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter((line) => line !== ''));
        done();
      },
    });
    database = await createTestDatabase(inject('templateDatabase'));
    const config = { ...loadConfig({}), rateLimit: false, webDist: undefined, visitorCacheMs: 0 };
    app = await buildApp({ config, sql: database.sql, loggerInstance: createLogger({ level: 'info', format: 'json', destination }), logRequests: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('are on every answer: the one a proxy sent when it is a short safe token, a new one otherwise', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/_initial', headers: { 'x-request-id': 'edge-7f3a.1' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-request-id']).toBe('edge-7f3a.1');
    expect(entries('edge-7f3a.1')).toEqual([expect.objectContaining({ msg: 'request', route: '/api/_initial', status: 200 })]);
    for (const given of ['a b<script>', 'x'.repeat(65), '']) {
      const answer = await app.inject({ method: 'GET', url: '/api/_initial', headers: { 'x-request-id': given } });
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Refused by the router before any hook runs, and still answered, counted and logged the same way.
    const malformed = await app.inject({ method: 'GET', url: '/api/posts/%E0%A4%A', headers: { 'x-request-id': 'edge-bad-url' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['x-request-id']).toBe('edge-bad-url');
    expect(entries('edge-bad-url')).toEqual([expect.objectContaining({ msg: 'request', route: 'unmatched', method: 'GET', status: 400 })]);
  });

  it("of a 5xx answer are in its error's log line, with the error's stack", async () => {
    const errorsBefore = await databaseErrors();
    // The app's connection is gone: the next request fails on the database.
    await database.sql.end();
    const failed = await app.inject({ method: 'GET', url: '/api/_initial' });
    expect(failed.statusCode).toBe(503);
    const id = failed.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const failure = entries(id).find((entry) => entry.msg === 'request failed');
    expect(failure?.level).toBe(50);
    expect((failure?.err as { stack?: string } | undefined)?.stack).toMatch(/^\w*Error: .+\n\s+at /);
    expect(entries(id).find((entry) => entry.msg === 'request')).toMatchObject({ route: '/api/_initial', status: 503 });
    expect((await databaseErrors()) - errorsBefore).toBe(1);
  });
});

/** The requests answered 5xx because the database could not be reached, so far. */
async function databaseErrors(): Promise<number> {
  const metric = await registry.getSingleMetric('quorum_db_errors_total')?.get();
  return metric?.values.find((value) => value.labels.kind === 'unreachable')?.value ?? 0;
}
