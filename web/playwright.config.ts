import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The browser tests drive the production build served by the real server, on a fresh embedded
// database of their own.
const port = Number(process.env.E2E_PORT || 3107);
const dataDir = mkdtempSync(join(tmpdir(), 'quorum-e2e-'));
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: '../.cache/test-results',
  fullyParallel: false,
  workers: 1,
  // A test that fails and then passes counts as flaky, and the summary of `npm test` names it.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    serviceWorkers: 'allow',
    // Recording a trace costs about a quarter of the run: only retries of failed tests record one.
    trace: 'on-first-retry',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium } },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it (npm test compiles it first).
    command: 'node dist/server.mjs',
    cwd: '../api',
    url: `http://127.0.0.1:${port}/api/_initial`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Link previews may fetch from the tests' own local pages.
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT: 'off', SCRYPT_LOG_N: '14', LOG_LEVEL: 'warn', LINK_FETCH_ALLOW_PRIVATE: 'on',
      // Tests read back as visitors what they have just written.
      VISITOR_CACHE_MS: '0' },
  },
});
