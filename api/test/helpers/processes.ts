// API processes as `npm start` runs them (src/server.ts), on ports of their own, for tests of
// several processes or machines against one database; and a browser-like HTTP client whose
// session can be carried from one process to another.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CSRF_HEADER, CSRF_RESPONSE_HEADER } from '@quorum/client/api-client';

const apiDir = fileURLToPath(new URL('../../', import.meta.url));

/** Ports the tests' API processes may use. */
export const TEST_PORTS = [3371, 3372, 3373, 3374, 3375, 3376] as const;

export interface ApiProcess {
  origin: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after 20 s); answers the exit code. */
  stop(): Promise<number | null>;
}

/** A TCP port on loopback that nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** Waits until `check` answers true, or fails after `timeoutMs` with `what` in the message. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts src/server.ts on `port` with `env` on top of quiet test defaults (API only, cheap
 * password hashes, no log but warnings) and waits until its health check answers 200.
 */
export async function startApiProcess(port: number, env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
      SCRYPT_LOG_N: '10',
      JOB_POLL_MS: '500',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await exited(child);
    clearTimeout(timer);
    return code;
  };
  try {
    await waitFor(`the API on port ${port} to answer`, async () => {
      if (child.exitCode !== null) throw new Error(`The API on port ${port} exited with code ${child.exitCode}:\n${output}`);
      const response = await fetch(`${origin}/api/_health`).catch(() => undefined);
      return response?.status === 200;
    }, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, pid: child.pid ?? 0, output: () => output, stop };
}

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/**
 * A browser over real HTTP: one cookie jar and anti-forgery token, sent to whichever origin a
 * call names, as a browser behind a load balancer would reach any of the processes.
 */
export class HttpBrowser {
  private readonly jar = new Map<string, string>();
  private token: string | null = null;

  /** `ip` is sent as X-Forwarded-For, the client address to processes started with TRUST_PROXY=1. */
  constructor(readonly ip?: string) {}

  /** A FormData body goes as multipart (fetch sets its type), anything else as JSON. */
  async request(origin: string, method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.ip) headers['x-forwarded-for'] = this.ip;
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (this.token) headers[CSRF_HEADER] = this.token;
    const response = await fetch(`${origin}${path}`, { method, headers, body: form ? body : body === undefined ? undefined : JSON.stringify(body) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const split = pair.indexOf('=');
      const name = pair.slice(0, split).trim();
      const value = pair.slice(split + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    this.token = response.headers.get(CSRF_RESPONSE_HEADER) ?? this.token;
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  get(origin: string, path: string) {
    return this.request(origin, 'GET', path);
  }

  post(origin: string, path: string, body?: unknown) {
    return this.request(origin, 'POST', path, body);
  }
}
