// The database server dropping the app's connections (a failover, a restart, an administrator):
// a request caught by it answers 503 with Retry-After, and the app reconnects for the next ones.
// Needs a Postgres server: the embedded database's failures are in embedded-failure.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createSql, type Sql } from '../src/db/connect.ts';
import { Browser, buildTestApp, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/eventually.ts';
import { testDbKind, testServerUrl, withDatabase } from './helpers/database.ts';
import { insertCommunity } from './helpers/factories.ts';

describe.skipIf(testDbKind() !== 'postgres')('connections the database server drops', () => {
  let t: TestApp;
  /** A connection of the test's own, which outlives the app's. */
  let other: Sql;
  beforeAll(async () => {
    t = await buildTestApp();
    other = createSql(withDatabase(testServerUrl(), t.sql.options.database), 1);
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  it('answer the request caught by the drop 503 with Retry-After, and the next ones as before once reconnected', async () => {
    const community = await insertCommunity(t.sql);
    const url = `/api/posts?communityId=${community.id}&sort=latest`;
    const visitor = await new Browser(t.app).open();
    expect((await visitor.get(url)).statusCode).toBe(200);

    await other.begin(async (tx) => {
      // The feed's read waits for this lock, on a connection the server is about to drop.
      await tx`lock table posts in access exclusive mode`;
      const caught = visitor.get(url);
      let waiting = 0;
      while (waiting === 0) {
        const [row] = await tx<{ waiting: number }[]>`
          select count(*)::int as waiting from pg_locks where relation = 'posts'::regclass and not granted`;
        waiting = row?.waiting ?? 0;
      }
      await tx`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`;
      const response = await caught;
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        status: 503,
        code: 'service_unavailable',
        message: 'The site is not available right now. Please try again in a moment.',
      });
    });

    // The pool reconnects: a connection it has not yet seen dropped may fail one more request,
    // and the next ones are answered as before.
    const later = await eventually(() => visitor.get(url), (response) => response.statusCode !== 503);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual({ posts: [], next: null });
  });

  it('answer a statement that outlasts the statement timeout 503 with Retry-After', async () => {
    const timed = createSql(withDatabase(testServerUrl(), t.sql.options.database), 2, undefined, 300);
    const app = await buildApp({ config: { ...loadConfig({}), rateLimit: false, webDist: undefined, visitorCacheMs: 0 }, sql: timed });
    await app.ready();
    try {
      const [setting] = await timed<{ statementTimeout: string }[]>`show statement_timeout`;
      expect(setting?.statementTimeout).toBe('300ms');
      const community = await insertCommunity(t.sql);
      const visitor = await new Browser(app).open();
      const url = `/api/posts?communityId=${community.id}&sort=latest`;
      await other.begin(async (tx) => {
        // The feed's read waits for this lock longer than its statement may run.
        await tx`lock table posts in access exclusive mode`;
        const response = await visitor.get(url);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
      });
      expect((await visitor.get(url)).statusCode).toBe(200);
    } finally {
      await app.close();
      await timed.end();
    }
  });
});
