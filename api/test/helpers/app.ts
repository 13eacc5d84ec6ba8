import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject as injectContext } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Sql } from '../../src/db/connect.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  sql: Sql;
  close(): Promise<void>;
}

/** The real app on a fresh database of its own; rate limits off unless asked for. */
export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase(injectContext('templateDatabase'));
  const config: Config = { ...loadConfig({}), rateLimit: false, webDist: undefined, ...overrides };
  const app = await buildApp({ config, sql: database.sql });
  await app.ready();
  return {
    app,
    sql: database.sql,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * A browser-like client over `app.inject`: it keeps cookies and the anti-forgery token the server
 * hands out, and sends the token on every call unless told not to.
 */
export class Browser {
  private cookies = new Map<string, string>();
  token: string | null = null;

  constructor(private readonly app: FastifyInstance, private readonly ip = '127.0.0.1') {}

  async request(
    method: Method,
    url: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (options.csrf !== false && this.token) headers['x-csrf-token'] = this.token;
    let payload: string | undefined;
    if (options.rawBody !== undefined) {
      payload = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await this.app.inject({ method, url, headers, payload, remoteAddress: this.ip });
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const token = response.headers['csrf-token'];
    if (typeof token === 'string') this.token = token;
    return response;
  }

  get(url: string, options?: { headers?: Record<string, string> }) {
    return this.request('GET', url, options);
  }

  post(url: string, body?: unknown, options?: { csrf?: boolean }) {
    return this.request('POST', url, { body, ...options });
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Visits the site so that the browser holds a session id and token, as the web app does. */
  async open(): Promise<this> {
    await this.get('/api/_initial');
    return this;
  }
}

let counter = 0;
/** A username unique within the run. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${process.pid % 10000}_${counter}`.slice(0, 21);
}

/** Signs up (and so logs in) a new user; returns the browser holding the session. */
export async function signUp(app: FastifyInstance, username = uniqueName(), password = 'correct horse battery') {
  const browser = await new Browser(app).open();
  const response = await browser.post('/api/_signup', { username, password, email: '' });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { browser, username, password, user: response.json() };
}
