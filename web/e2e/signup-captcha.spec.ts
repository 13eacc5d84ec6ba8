import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fillSignUpForm, newUsername } from './helpers.ts';

// A second server of the app whose sign-ups need a captcha. The widget's script is answered by
// the test (nothing is fetched from the internet): it renders a checkbox that hands out a token,
// and a local verification endpoint accepts exactly that token.
let baseURL = '';
const SITE_KEY = '10000000-ffff-ffff-ffff-000000000001';
const TOKEN = 'test-captcha-token';

let server: ChildProcess;
let verifier: Server;
let dataDir: string;
const verified: string[] = [];

/**
 * The widget's script: window.hcaptcha with the calls the React wrapper makes, then its onload.
 * The first widget hands out a token the verifier refuses, the ones after it a good token.
 */
function widgetScript(onload: string): string {
  return `
    let rendered = 0;
    let current = '';
    window.hcaptcha = {
      render(container, options) {
        rendered += 1;
        const token = rendered === 1 ? 'refused-token' : '${TOKEN}';
        const box = document.createElement('label');
        box.textContent = "I'm human";
        const input = document.createElement('input');
        input.type = 'checkbox';
        input.addEventListener('change', () => { current = token; options.callback && options.callback(token); });
        box.prepend(input);
        container.append(box);
        return 'widget-' + rendered;
      },
      getResponse() { return current; },
      getRespKey() { return 'key'; },
      reset() {},
      remove() {},
      execute() {},
      setData() {},
    };
    window[${JSON.stringify(onload)}]();`;
}

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createTcpServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  verifier = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const token = new URLSearchParams(body).get('response') ?? '';
      verified.push(token);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: token === TOKEN }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  const address = verifier.address();
  const verifyPort = typeof address === 'object' && address ? address.port : 0;

  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'quorum-e2e-captcha-'));
  server = spawn('node', ['dist/server.mjs'], {
    cwd: '../api',
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT: 'off',
      SCRYPT_LOG_N: '14',
      LOG_LEVEL: 'warn',
      CAPTCHA_SECRET: 'test-secret',
      CAPTCHA_SITE_KEY: SITE_KEY,
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${verifyPort}/siteverify`,
    },
  });
  await waitForServer(`${baseURL}/api/_initial`);
});

test.afterAll(async () => {
  server?.kill();
  await new Promise<void>((resolve) => (verifier ? verifier.close(() => resolve()) : resolve()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('with a captcha configured, the sign-up form shows the widget and sends its token', async ({ page }) => {
  await page.route('https://js.hcaptcha.com/**', (route) => {
    const onload = new URL(route.request().url()).searchParams.get('onload') ?? 'hCaptchaOnLoad';
    return route.fulfill({ contentType: 'text/javascript', body: widgetScript(onload) });
  });
  // Anything else of the widget's provider stays unreachable.
  await page.route(/https:\/\/([a-z0-9-]+\.)?hcaptcha\.com\/(?!1\/api\.js)/, (route) => route.abort());

  await page.goto(`${baseURL}/`);
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const dialog = page.getByRole('dialog');
  const widget = dialog.locator(`[data-captcha-sitekey="${SITE_KEY}"]`);
  await expect(widget).toBeVisible();

  const username = newUsername('cap');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill('password123');
  await dialog.getByLabel('Repeat password').fill('password123');
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await expect(dialog.getByText('Please complete the captcha.')).toBeVisible();

  // A token the provider refuses: the form says so and offers a fresh check.
  await widget.getByLabel("I'm human").check();
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await expect(dialog.getByText('Captcha verification failed. Please try again.')).toBeVisible();
  await expect(widget.getByLabel("I'm human")).not.toBeChecked();

  await widget.getByLabel("I'm human").check();
  const signup = page.waitForRequest((request) => request.url().endsWith('/api/_signup'));
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  expect((await signup).postDataJSON()).toMatchObject({ username, captchaToken: TOKEN });
  await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();
  expect(verified).toEqual(['refused-token', TOKEN]);
});

test('without a captcha secret, the sign-up form has no widget and signs up without a token', async ({ page }) => {
  // The run's main server has no captcha configured.
  await page.goto('/');
  const username = newUsername('nocap');
  const dialog = await fillSignUpForm(page, username);
  await expect(dialog.locator('[data-captcha-sitekey]')).toHaveCount(0);
  const signup = page.waitForRequest((request) => request.url().endsWith('/api/_signup'));
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  expect((await signup).postDataJSON()).toMatchObject({ username, captchaToken: null });
  await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();
});
