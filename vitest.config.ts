import { defineConfig } from 'vitest/config';

const apiProject = (kind: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${kind}`,
    root: './api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Tests of the embedded database process itself run once, in the pglite project.
    exclude: kind === 'postgres' ? ['test/embedded-*.test.ts'] : [],
    env: { TEST_DB: kind },
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] } },
      { test: { name: 'web', root: './web', include: ['src/**/*.test.{ts,tsx}'] } },
      apiProject('pglite'),
      apiProject('postgres'),
    ],
  },
});
