import { crc32, deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type BrowserContext, type CDPSession, type Page, type PageScreenshotOptions } from '@playwright/test';
import { createApiClient, type ApiClient } from '@quorum/client/api-client';
import { ApiError } from '@quorum/client/api-error';
import type { List } from '@quorum/shared/entities/lists';
import { CSRF_COOKIE } from '@quorum/shared/http-names';

/**
 * Saves what the page shows as `.cache/screens/<name>.png` for people to look at, when the run
 * asks for screens (`SCREENSHOTS=1`); otherwise does nothing, which keeps the test run short.
 */
export async function saveScreen(page: Page, name: string, options: Omit<PageScreenshotOptions, 'path'> = {}): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ ...options, path: `../.cache/screens/${name}.png` });
}

/** The run's admin, signed up first by the global setup. */
export const ADMIN = { username: 'e2e_admin', password: 'password123' } as const;

let counter = 0;
/** A username unique within the run (the e2e database is fresh each run). */
export function newUsername(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}_${Date.now() % 1_000_000}_${counter}`.slice(0, 21);
}

/** Signs up through the Create account modal and waits for the logged-in navbar. */
/** Opens the sign-up form and fills in the name and the password twice; answers the form's dialog. */
export async function fillSignUpForm(page: Page, username: string, password = 'password123') {
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Repeat password').fill(password);
  return dialog;
}

export async function signUpInModal(page: Page, username: string, password = 'password123') {
  const dialog = await fillSignUpForm(page, username, password);
  await dialog.getByLabel('Email (optional)').fill(`${username}@example.com`);
  await dialog.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();
}

export async function logOut(page: Page, username: string) {
  await page.getByRole('button', { name: `@${username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
}

/** Statuses whose answers have no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** A fetch over a Playwright request context, so that calls share its cookies (a page's, for `page.request`). */
function contextFetch(context: APIRequestContext): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers));
    let data: Buffer | undefined;
    if (init?.body !== undefined && init.body !== null) {
      // A Response reads any body fetch accepts, and names the type of a form's.
      const body = new Response(init.body);
      headers['content-type'] ??= body.headers.get('content-type') ?? 'application/octet-stream';
      data = Buffer.from(await body.arrayBuffer());
    }
    const answer = await context.fetch(url, { method: init?.method ?? 'GET', headers, data });
    const status = answer.status();
    return new Response(NO_BODY.has(status) ? null : new Uint8Array(await answer.body()), {
      status,
      headers: answer.headersArray().map(({ name, value }): [string, string] => [name, value]),
    });
  };
}

/** The typed API client over a request context, starting from `token` (or fetching one first). */
export async function apiClientOver(context: APIRequestContext, token: string | null = null): Promise<ApiClient> {
  let current = token;
  const client = createApiClient({ fetch: contextFetch(context), tokenStore: { get: () => current, set: (value) => (current = value) } });
  if (!current) await client.getInitial();
  return client;
}

/**
 * Calls the API with the page's cookies and anti-forgery token, as the user logged in on the page
 * (or as a visitor). Fails the test on a non-2xx answer; resolves with the JSON body.
 */
export async function apiAs<T = unknown>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? null;
  const client = await apiClientOver(page.request, token);
  try {
    return await client.request<T>(path, { method, body });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`${method} ${path} answered ${error.status}: ${error.code} ${error.message}`);
    throw error;
  }
}

/** Creates a list of the user logged in on the page, picked out of the answer: all their lists. */
export async function createListAs(page: Page, username: string, body: { name: string; displayName?: string; public?: boolean }): Promise<List> {
  const lists = await apiAs<List[]>(page, 'POST', `/api/users/${username}/lists`, body);
  const created = lists.find((list) => list.name === body.name);
  if (!created) throw new Error(`the answer to creating the list ${body.name} does not hold it`);
  return created;
}

/**
 * Opens the app at `path` and waits for its own first call (which starts the visitor's session), so
 * that calls made for the page afterwards share that session instead of racing it for another.
 */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await Promise.all([page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/_initial'), page.goto(path)]);
}

/** Logs in through the API (the page's cookies carry the session); reload or navigate afterwards. */
export async function logIn(page: Page, username: string, password = 'password123') {
  await apiAs(page, 'POST', '/api/_login', { username, password });
}

/** Signs up a new account through the API and leaves it logged in on the page. */
export async function signUp(page: Page, username = newUsername(), password = 'password123') {
  await apiAs(page, 'POST', '/api/_signup', { username, password, email: '', captchaToken: '' });
  return username;
}

/** Logs out whoever is logged in on the page, through the API. */
export async function logOutViaApi(page: Page) {
  await apiAs(page, 'POST', '/api/_login?action=logout');
}

let communityCounter = 0;
/** A community name unique within the run (3–21 letters, digits and underscores). */
export function newCommunityName(prefix = 'c'): string {
  communityCounter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${communityCounter}`.slice(0, 21);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG shaded from `color` (so that two test pictures differ), for upload tests. */
export function makePng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const rowLength = width * 3 + 1;
  const raw = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set([(r + x) % 256, (g + y) % 256, b], y * rowLength + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The saved query cache as JSON text ('' when there is none). */
export function savedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('quorum-cache');
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => open.result.createObjectStore('cache');
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('cache').objectStore('cache').get('queries');
          get.onsuccess = () => {
            db.close();
            resolve(get.result ? JSON.stringify(get.result) : '');
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Waits until the saved query cache holds `text`. */
export async function waitForSaved(page: Page, text: string) {
  await expect.poll(() => savedCache(page), { timeout: 10_000 }).toContain(text);
}

/**
 * Fails unless the page is no wider than the window: nothing scrolls sideways. The page is given
 * the moment a resize takes to lay out again (the shell swaps its phone and desktop parts in script).
 */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await expect.poll(overflow, { message: `${where} at ${page.viewportSize()?.width} px scrolls sideways` }).toBeLessThanOrEqual(0);
}

/**
 * The DevTools protocol of `page` and the id of the app's service worker registration at `origin`:
 * what firing events in the worker as the browser does (a push, a sync) needs.
 */
export async function workerDevTools(context: BrowserContext, page: Page, origin: string): Promise<{ cdp: CDPSession; registrationId: string }> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((item) => item.scopeURL.startsWith(origin) && !item.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await registrationId };
}

