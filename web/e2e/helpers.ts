import { crc32, deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

/** The run's admin, signed up first by the global setup. */
export const ADMIN = { username: 'e2e_admin', password: 'password123' } as const;

let counter = 0;
/** A username unique within the run (the e2e database is fresh each run). */
export function newUsername(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}_${Date.now() % 1_000_000}_${counter}`.slice(0, 21);
}

/** Signs up through the Create account modal and waits for the logged-in navbar. */
export async function signUpInModal(page: Page, username: string, password = 'password123') {
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email (optional)').fill(`${username}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Repeat password').fill(password);
  await dialog.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();
}

export async function logOut(page: Page, username: string) {
  await page.getByRole('button', { name: `@${username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
}

/**
 * Calls the API with the page's cookies and anti-forgery token, as the user logged in on the page
 * (or as a visitor). Fails the test on a non-2xx answer; resolves with the JSON body.
 */
export async function apiAs<T = unknown>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let cookies = await page.context().cookies();
  if (!cookies.some((cookie) => cookie.name === 'csrftoken')) {
    await page.request.get('/api/_initial');
    cookies = await page.context().cookies();
  }
  const token = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const response = await page.request.fetch(path, { method, headers: { 'X-Csrf-Token': token }, data: body });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
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
