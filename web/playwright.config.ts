import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The browser tests drive the production build served by the real server, on a fresh embedded
// database of their own. Most run on a server that keeps nothing for visitors, as they read back
// at once what they have just written; the key journeys run again (the `visitor-cache` project) on
// a second server that keeps visitors' answers as shipped.
const port = Number(process.env.E2E_PORT || 3107);
const cachedPort = port + 1;
// The main server sends its mail to a loopback SMTP server (e2e/smtp-sink.ts), which writes each
// message into a folder where the tests read it. The test workers load this file again and
// inherit this process's environment.
const smtpPort = port + 2;
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'quorum-e2e-mail-'));
process.env.E2E_SMTP_PORT = String(smtpPort);
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
    {
      name: 'desktop',
      testIgnore: /(visitor-cache|phone[a-z-]*)\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      name: 'phone',
      testMatch: /phone[a-z-]*\.spec\.ts$/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
    {
      name: 'visitor-cache',
      testMatch: /visitor-cache\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium, baseURL: `http://127.0.0.1:${cachedPort}` },
    },
  ],
  webServer: [
    { command: 'node e2e/smtp-sink.mjs', port: smtpPort, reuseExistingServer: false, timeout: 20_000 },
    // Tests read back as visitors what they have just written.
    server(port, { VISITOR_CACHE_MS: '0', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
    server(cachedPort, {}),
  ],
});

/** The compiled server, as `npm start` runs it (npm test compiles it first), on a new database. */
function server(listenOn: number, env: Record<string, string>) {
  return {
    command: 'node dist/server.mjs',
    cwd: '../api',
    url: `http://127.0.0.1:${listenOn}/api/_initial`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Link previews may fetch from the tests' own local pages.
    env: { PORT: String(listenOn), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'quorum-e2e-')), RATE_LIMIT: 'off', SCRYPT_LOG_N: '14',
      LOG_LEVEL: 'warn', LINK_FETCH_ALLOW_PRIVATE: 'on', ...env },
  };
}
