import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject as injectContext } from 'vitest';
import { createApiClient, type ApiClient } from '@quorum/client/api-client';
import { buildApp, type AppOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Sql } from '../../src/db/connect.ts';
import { createTestDatabase } from './database.ts';
import { injectFetch, parseSetCookie, type Cookie } from './inject-fetch.ts';

export interface TestApp {
  app: FastifyInstance;
  sql: Sql;
  /** The embedded database's folder; undefined on a Postgres server. */
  dataDir: string | undefined;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of its own; rate limits off unless asked for, no log unless
 * given one, and password hashes cheaper than in production so that the many sign-ups of the
 * suite stay quick.
 */
export async function buildTestApp(overrides: Partial<Config> = {}, logger: AppOptions['logger'] = false): Promise<TestApp> {
  const database = await createTestDatabase(injectContext('templateDatabase'));
  const config: Config = { ...loadConfig({}), rateLimit: false, webDist: undefined, scryptLogN: 14, visitorCacheMs: 0, ...overrides };
  const app = await buildApp({ config, sql: database.sql, logger, checkAnswers: true });
  await app.ready();
  return {
    app,
    sql: database.sql,
    dataDir: database.dataDir,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** What tests read of an answer. */
export interface TestResponse {
  statusCode: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  cookies: Cookie[];
  /** The body parsed as JSON, typed as the test expects it. */
  json: LightMyRequestResponse['json'];
}

/**
 * A browser-like client: the typed client of packages/client over `app.inject`. It keeps cookies
 * and the anti-forgery token the server hands out, and sends the token on every call unless told
 * not to.
 */
export class Browser {
  token: string | null = null;
  private readonly cookies: Map<string, string>;
  private readonly client: ApiClient;

  constructor(app: FastifyInstance, ip = '127.0.0.1') {
    const transport = injectFetch(app, ip);
    this.cookies = transport.cookies;
    this.client = createApiClient({
      baseUrl: 'http://localhost',
      fetch: transport.fetch,
      tokenStore: { get: () => this.token, set: (token) => (this.token = token) },
    });
  }

  /** Sends `body` as JSON, or `rawBody` as is (JSON unless a content-type header says otherwise). */
  async request(
    method: Method,
    url: string,
    options: { body?: unknown; rawBody?: string | Buffer; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<TestResponse> {
    const { 'content-type': contentType, ...headers } = options.headers ?? {};
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await this.client.fetchRaw(url, {
      method,
      body,
      contentType: contentType ?? (body === undefined ? undefined : 'application/json'),
      headers,
      csrf: options.csrf,
    });
    const text = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body: text,
      cookies: response.headers.getSetCookie().map(parseSetCookie),
      json: <T>() => JSON.parse(text) as T,
    };
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

  /** Drops a cookie, as a browser does once its Max-Age has passed. */
  forget(name: string): void {
    this.cookies.delete(name);
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
