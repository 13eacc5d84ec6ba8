import { defineConfig } from 'vitest/config';

const apiProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${kind}`,
    root: './api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Tests of the embedded database process, of the S3 image store and the walk of every route
    // with bad input (refused the same way by both databases, which run the same Postgres) run
    // once, in the pglite project; read replicas and several processes on one database need a
    // Postgres server, and the tests of the HTTP layer alone (headers, rate limits, retried
    // writes) run once, there.
    exclude: kind === 'postgres'
      ? ['test/embedded-*.test.ts', 'test/images-s3.test.ts', 'test/bad-input.test.ts']
      : ['test/replicas.test.ts', 'test/scale-out.test.ts', 'test/concurrent-start.test.ts', 'test/http.test.ts', 'test/rate-limit.test.ts', 'test/idempotency.test.ts'],
    env: { TEST_DB: kind },
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // The API tests mostly wait on databases and child processes: two files at a time even on
    // two cores (the default would be one).
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'web', root: './web', include: ['src/**/*.test.{ts,tsx}'] } },
      // Screens rendered with the app's providers and route table in jsdom, against an API
      // answered by MSW (web/test/ui/setup.ts starts it before the app's modules load).
      {
        test: {
          name: 'web-ui',
          root: './web',
          include: ['test/ui/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./test/ui/setup.ts'],
          // A ceiling for a screen's first load, whose modules are transformed on demand.
          testTimeout: 15_000,
        },
      },
      apiProject('pglite'),
      apiProject('postgres'),
    ],
  },
});
