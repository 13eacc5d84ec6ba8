import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, request, test, type BrowserContext, type Page } from '@playwright/test';
import type { ApiClient } from '@quorum/client/api-client';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import type { InitialData } from '@quorum/shared/entities/site';
import { ADMIN, apiAs, apiClientOver, createListAs, makePng, newCommunityName, newUsername, openApp, savedCache, waitForSaved, workerDevTools } from './helpers.ts';

// Offline reading and the durable outbox, in a browser profile kept on disk so that the saved
// cache (IndexedDB) and the service worker survive closing the browser, as they do for people.

const port = Number(process.env.E2E_PORT || 3107);
const baseURL = `http://127.0.0.1:${port}`;
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  baseURL,
  serviceWorkers: 'allow' as const,
  viewport: { width: 1440, height: 900 },
};

test.describe.configure({ timeout: 90_000 });

let profiles: string[] = [];
test.afterEach(() => {
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
  profiles = [];
});

function newProfile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'quorum-profile-'));
  profiles.push(dir);
  return dir;
}

/**
 * Opens the browser on a profile; every API answer received is recorded while `offline.on`. Unless
 * asked for, the app finds no Background Sync, as in browsers without it: what waits is sent when
 * the app is next opened. (The browser fires a sync as soon as its own network is up, which the
 * test's offline mode does not change.)
 */
async function openBrowser(dir: string, offline: { on: boolean; answered: string[] }, { backgroundSync = false } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(dir, launchOptions);
  if (!backgroundSync) await context.addInitScript(() => Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined }));
  context.on('requestfinished', (req) => {
    if (offline.on && new URL(req.url()).pathname.startsWith('/api/')) offline.answered.push(`${req.method()} ${req.url()}`);
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

async function goOffline(context: BrowserContext, offline: { on: boolean }) {
  offline.on = true;
  await context.setOffline(true);
}

async function goOnline(context: BrowserContext, offline: { on: boolean }) {
  await context.setOffline(false);
  offline.on = false;
}

/** Waits until the service worker controls the page, so the app shell opens offline. */
async function waitForWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

/** The writes waiting in the outbox (IndexedDB), as stored. */
function outboxEntries(page: Page): Promise<Array<{ key: string; state: string; write: { kind: string } }>> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('quorum-outbox');
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => open.result.createObjectStore('writes', { keyPath: 'key' });
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('writes').objectStore('writes').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** The API as the admin, from outside the browser under test. */
async function adminApi(): Promise<ApiClient> {
  const context = await request.newContext({ baseURL });
  const client = await apiClientOver(context);
  await client.login({ username: ADMIN.username, password: ADMIN.password });
  return client;
}

async function seedCommunity(admin: ApiClient, titles: string[]): Promise<{ community: Community; posts: Post[] }> {
  const community = await admin.createCommunity({ name: newCommunityName('off'), about: 'Reading on the train.' });
  const posts: Post[] = [];
  for (const title of titles) posts.push(await admin.createPost({ type: 'text', title, body: `Body of ${title}.`, community: community.name }));
  return { community, posts };
}

const postPath = (post: Post) => `/${post.communityName}/post/${post.publicId}`;

test('feeds, posts with their comments and community pages seen online open offline after a browser restart (T3, T4, T5)', async () => {
  const admin = await adminApi();
  const { community, posts } = await seedCommunity(admin, ['Seen offline post', 'Never opened post']);
  const [seen, unseen] = posts as [Post, Post];
  await admin.createComment(seen.publicId, { body: 'A comment kept for the train.' });

  const dir = newProfile();
  const offline = { on: false, answered: [] as string[] };
  let { context, page } = await openBrowser(dir, offline);
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', { username: newUsername('off'), password: 'password123', email: '', captchaToken: '' });
  await apiAs(page, 'POST', '/api/_joinCommunity', { communityId: community.id, leave: false });
  await page.goto('/subscriptions');
  await waitForWorker(page);
  await expect(page.getByRole('link', { name: 'Seen offline post' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Seen offline post' }).first().click();
  await expect(page.getByText('A comment kept for the train.')).toBeVisible();
  await waitForSaved(page, 'A comment kept for the train.');
  await page.goto(`/${community.name}`);
  await expect(page.getByRole('heading', { name: community.name }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Seen offline post' }).first()).toBeVisible();
  await waitForSaved(page, `["posts","feed",{"communityId":"${community.id}"`);
  await context.close();

  // A browser restart, offline from the first request.
  ({ context, page } = await openBrowser(dir, offline));
  await goOffline(context, offline);
  await page.goto('/subscriptions');
  expect(await page.content()).not.toContain('ERR_INTERNET_DISCONNECTED');
  await expect(page.getByRole('link', { name: 'Seen offline post' }).first()).toBeVisible();
  await expect(page.getByTestId('saved-copy-note').first()).toContainText("You're offline. Last updated");
  await expect(page.getByText("You're offline", { exact: true })).toHaveCount(0);

  await page.goto(postPath(seen));
  await expect(page.getByRole('heading', { name: 'Seen offline post' })).toBeVisible();
  await expect(page.getByText('A comment kept for the train.')).toBeVisible();

  await page.goto(`/${community.name}`);
  await expect(page.getByRole('link', { name: 'Seen offline post' }).first()).toBeVisible();

  // Offline, screens wait for the network rather than fail their reads: what was saved stays saved,
  // and the app still opens on the next start.
  await waitForSaved(page, `["posts","feed",{"communityId":"${community.id}"`);
  await page.goto('/subscriptions');
  await expect(page.getByRole('link', { name: 'Seen offline post' }).first()).toBeVisible();

  await page.goto(postPath(unseen));
  await expect(page.getByRole('heading', { name: 'Not available offline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  expect(offline.answered).toEqual([]);
  // Back online, the screen that was not available loads by itself.
  await goOnline(context, offline);
  await expect(page.getByRole('heading', { name: 'Never opened post' })).toBeVisible({ timeout: 15_000 });
  await context.close();
});

test('a vote and a comment made offline wait as pending, survive a restart and reach the server once with their keys (T8, T9, T10)', async () => {
  const admin = await adminApi();
  const { posts } = await seedCommunity(admin, ['Vote while offline']);
  const [post] = posts as [Post];
  const before = await admin.getPost(post.publicId);

  const dir = newProfile();
  const offline = { on: false, answered: [] as string[] };
  let { context, page } = await openBrowser(dir, offline);
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', { username: newUsername('out'), password: 'password123', email: '', captchaToken: '' });
  await page.goto(postPath(post));
  await waitForWorker(page);
  await expect(page.getByRole('heading', { name: 'Vote while offline' })).toBeVisible();
  await waitForSaved(page, 'Vote while offline');

  await goOffline(context, offline);
  const votes = page.locator('.post-view .votes, .votes').first();
  const score = votes.getByTestId('post-score');
  const start = Number((await score.innerText()).split(/\s/)[0]);
  // Up, down, down again (taken back), up: they collapse into one upvote.
  await votes.getByRole('button', { name: 'Upvote' }).click();
  await votes.getByRole('button', { name: 'Downvote' }).click();
  await votes.getByRole('button', { name: 'Downvote' }).click();
  await expect(votes).not.toHaveAttribute('data-pending');
  await votes.getByRole('button', { name: 'Upvote' }).click();
  await expect(votes).toHaveAttribute('data-pending', 'true');
  await expect(score).toContainText(String(start + 1));

  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Written in a tunnel.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByTestId('pending-comment')).toContainText('Written in a tunnel.');
  await expect(page.getByTestId('outbox-waiting')).toContainText('2 changes are waiting to be sent');
  const stored = await outboxEntries(page);
  expect(stored.map((entry) => entry.write.kind).sort()).toEqual(['create-comment', 'vote-post']);
  await context.close();

  // Restarted, still offline: the writes are still pending and the server has none of them.
  ({ context, page } = await openBrowser(dir, offline));
  await context.setOffline(true);
  await page.goto(postPath(post));
  await expect(page.getByTestId('pending-comment')).toContainText('Written in a tunnel.');
  await expect(page.locator('.votes[data-pending]').first()).toBeVisible();
  const unchanged = await admin.getPost(post.publicId);
  expect([unchanged.upvotes, unchanged.noComments]).toEqual([before.upvotes, before.noComments]);
  expect(offline.answered).toEqual([]);

  const sent: Array<{ path: string; key: string | undefined }> = [];
  context.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (req.method() === 'POST' && (path === '/api/_postVote' || path.endsWith('/comments'))) sent.push({ path, key: req.headers()['idempotency-key'] });
  });
  await goOnline(context, offline);
  await expect(page.getByTestId('pending-comment')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.votes[data-pending]')).toHaveCount(0);
  await expect(page.getByText('Written in a tunnel.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your 2 changes made offline have been sent.' })).toBeVisible();

  const after = await admin.getPost(post.publicId);
  expect(after.upvotes).toBe(before.upvotes + 1);
  expect(after.noComments).toBe(before.noComments + 1);
  const { comments } = await admin.getComments(post.publicId, {});
  expect(comments.filter((comment) => comment.body === 'Written in a tunnel.')).toHaveLength(1);
  expect(sent.map((item) => item.path).sort()).toEqual(['/api/_postVote', `/api/posts/${post.publicId}/comments`]);
  expect(sent.map((item) => item.key).sort()).toEqual(stored.map((entry) => entry.key).sort());
  expect(await outboxEntries(page)).toEqual([]);
  await context.close();
});

test('a write the server refuses on replay shows as failed with Retry and Discard and is rolled back (T11)', async () => {
  const admin = await adminApi();
  const { posts } = await seedCommunity(admin, ['Locked while away']);
  const [post] = posts as [Post];

  const dir = newProfile();
  const offline = { on: false, answered: [] as string[] };
  const { context, page } = await openBrowser(dir, offline);
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', { username: newUsername('ref'), password: 'password123', email: '', captchaToken: '' });
  await page.goto(postPath(post));
  await waitForWorker(page);
  await expect(page.getByRole('heading', { name: 'Locked while away' })).toBeVisible();

  await goOffline(context, offline);
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Too late for this thread.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByTestId('pending-comment')).toBeVisible();
  expect(offline.answered).toEqual([]);

  await admin.postAction(post.publicId, { action: 'lock', lockAs: 'admins' });
  await goOnline(context, offline);
  const failed = page.getByTestId('outbox-failed');
  await expect(failed).toContainText('Your comment on “Locked while away” was not sent', { timeout: 15_000 });
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByTestId('pending-comment')).toContainText('was not sent');
  expect((await admin.getPost(post.publicId)).noComments).toBe(0);

  // Retrying is refused again; discarding takes it away for good.
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(failed).toContainText('was not sent');
  await failed.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('outbox-failed')).toHaveCount(0);
  await expect(page.getByTestId('pending-comment')).toHaveCount(0);
  expect(await outboxEntries(page)).toEqual([]);
  await context.close();
});

test('logging out wipes the private data saved for offline use (T20)', async () => {
  const dir = newProfile();
  const offline = { on: false, answered: [] as string[] };
  const { context, page } = await openBrowser(dir, offline);
  const username = newUsername('wipe');
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', { username, password: 'password123', email: '', captchaToken: '' });
  await page.reload();
  await waitForWorker(page);
  await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();
  await waitForSaved(page, username);

  await page.getByRole('button', { name: `@${username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
  await expect.poll(() => savedCache(page), { timeout: 10_000 }).not.toContain(username);
  // What is saved again afterwards is the visitor's.
  await waitForSaved(page, '"user":null');
  expect(await savedCache(page)).not.toContain(username);

  await goOffline(context, offline);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `@${username}` })).toHaveCount(0);
  expect(offline.answered).toEqual([]);
  await context.close();
});

test('a cache saved by another build or schema is discarded at start (T21)', async () => {
  const dir = newProfile();
  const offline = { on: false, answered: [] as string[] };
  const { context, page } = await openBrowser(dir, offline);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/about');
  await waitForSaved(page, '"buster"');
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('quorum-cache');
        open.onsuccess = () => {
          const db = open.result;
          const stale = {
            buster: '0:an-old-build',
            savedAt: Date.now(),
            state: {
              mutations: [],
              queries: [{ queryKey: ['posts', 'detail', 'stale1'], queryHash: '["posts","detail","stale1"]', state: { data: { title: 'Stale marker' }, status: 'success', dataUpdatedAt: Date.now(), dataUpdateCount: 1, error: null, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, fetchStatus: 'idle' } }],
            },
          };
          const put = db.transaction('cache', 'readwrite').objectStore('cache').put(stale, 'queries');
          put.onsuccess = () => {
            db.close();
            resolve();
          };
          put.onerror = () => reject(put.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  expect(await savedCache(page)).toContain('Stale marker');
  await page.reload();
  await expect(page.getByRole('heading', { name: /about/i }).first()).toBeVisible();
  await expect.poll(() => savedCache(page), { timeout: 10_000 }).not.toContain('Stale marker');
  expect(errors).toEqual([]);
  await context.close();
});

test('joining from the post page sidebar updates the community everywhere and refreshes the home feed', async () => {
  const admin = await adminApi();
  await seedCommunity(admin, ['Joined from the sidebar']);

  const dir = newProfile();
  const offline = { on: false, answered: [] as string[] };
  const { context, page } = await openBrowser(dir, offline);
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', { username: newUsername('join'), password: 'password123', email: '', captchaToken: '' });
  await page.goto('/subscriptions');
  await expect(page.locator('.feed, .feed-status').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Joined from the sidebar' })).toHaveCount(0);

  // Within the app (no reload): all posts, the post, Join in the sidebar, back to the subscriptions.
  await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).first().click();
  await page.getByRole('link', { name: 'Joined from the sidebar' }).first().click();
  await expect(page.getByRole('heading', { name: 'Joined from the sidebar' })).toBeVisible();
  const aside = page.locator('aside.columns__aside');
  await aside.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(aside.getByRole('button', { name: 'Joined' })).toBeVisible();
  await page.getByRole('link', { name: 'Subscriptions' }).first().click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(page.getByRole('link', { name: 'Joined from the sidebar' }).first()).toBeVisible();
  await context.close();
});

test('a post saved to a list offline waits as pending, survives a reload and reaches the server once', async () => {
  const admin = await adminApi();
  const { posts } = await seedCommunity(admin, ['Save while offline']);
  const [post] = posts as [Post];

  const dir = newProfile();
  const offline = { on: false, answered: [] as string[] };
  const { context, page } = await openBrowser(dir, offline);
  const username = newUsername('keep');
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', { username, password: 'password123', email: '', captchaToken: '' });
  const list = await createListAs(page, username, { name: 'train-reads', displayName: 'Train reads', public: true });
  await page.goto(postPath(post));
  await waitForWorker(page);
  await expect(page.getByRole('heading', { name: 'Save while offline' })).toBeVisible();

  // The saved marks are loaded (and saved for offline use) while online.
  const dialog = page.getByRole('dialog', { name: 'Save to list' });
  const box = dialog.getByRole('checkbox', { name: /Train reads/ });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(box).not.toBeChecked();
  await page.keyboard.press('Escape');
  await waitForSaved(page, `"saved-to","post","${post.id}"`);

  await goOffline(context, offline);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Saving and taking it out again while offline cancel out; saving again waits to be sent.
  await box.check();
  await expect(dialog.getByText('Waiting to be sent')).toBeVisible();
  await box.uncheck();
  await expect(dialog.getByText('Waiting to be sent')).toHaveCount(0);
  expect(await outboxEntries(page)).toEqual([]);
  await box.check();
  await expect(box).toBeChecked();
  await expect(dialog.getByText('Waiting to be sent')).toBeVisible();
  const stored = await outboxEntries(page);
  expect(stored.map((entry) => entry.write.kind)).toEqual(['save-to-list']);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Save while offline' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(box).toBeChecked();
  await expect(dialog.getByText('Waiting to be sent')).toBeVisible();
  expect((await admin.getListItems(username, list.name)).items).toHaveLength(0);
  expect(offline.answered).toEqual([]);

  const sent: Array<string | undefined> = [];
  context.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === `/api/lists/${list.id}/items`) sent.push(req.headers()['idempotency-key']);
  });
  await goOnline(context, offline);
  await expect(dialog.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 15_000 });
  await expect(box).toBeChecked();
  const items = (await admin.getListItems(username, list.name)).items;
  expect(items.map((item) => item.targetId)).toEqual([post.id]);
  expect(sent).toEqual(stored.map((entry) => entry.key));
  expect(await outboxEntries(page)).toEqual([]);
  await context.close();
});

test('a post saved to a list opens offline after a browser restart with its image (T6)', async () => {
  const admin = await adminApi();
  const community = await admin.createCommunity({ name: newCommunityName('pic'), about: null });
  const image = await admin.uploadImage(new File([new Uint8Array(makePng(320, 240, [30, 160, 90]))], 'photo.png', { type: 'image/png' }));
  const post = await admin.createPost({ type: 'image', title: 'Saved with a picture', images: [{ imageId: image.id }], community: community.name });

  const dir = newProfile();
  const offline = { on: false, answered: [] as string[] };
  let { context, page } = await openBrowser(dir, offline);
  const username = newUsername('pic');
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', { username, password: 'password123', email: '', captchaToken: '' });
  const list = await createListAs(page, username, { name: 'pictures', displayName: 'Pictures', public: false });
  await apiAs(page, 'POST', `/api/lists/${list.id}/items`, { targetId: post.id, targetType: 'post' });
  // The page learns of the new session first, so that nothing saved later is dropped for it.
  await page.reload();
  await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();
  await waitForWorker(page);
  // Opened once while online, through the worker, which keeps the picture.
  await page.goto(`/@${username}/lists/pictures`);
  const loaded = (picture: ReturnType<Page['locator']>) => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  let picture = page.getByRole('article', { name: 'Saved with a picture' }).locator('img').first();
  await expect(picture).toBeVisible();
  await expect.poll(() => loaded(picture)).toBe(true);
  await waitForSaved(page, 'Saved with a picture');
  await waitForSaved(page, '"detail","pictures"');
  await context.close();

  ({ context, page } = await openBrowser(dir, offline));
  await goOffline(context, offline);
  await page.goto(`/@${username}/lists/pictures`);
  picture = page.getByRole('article', { name: 'Saved with a picture' }).locator('img').first();
  await expect(picture).toBeVisible();
  await expect.poll(() => loaded(picture)).toBe(true);
  // The index of lists was never opened online: it says so instead of loading forever.
  await page.goto(`/@${username}/lists`);
  await expect(page.getByRole('heading', { name: 'Not available offline' })).toBeVisible();
  expect(offline.answered).toEqual([]);
  await context.close();
});

test('a write of every durable kind made offline survives a reload and reaches the server once', async () => {
  const admin = await adminApi();
  const { community, posts } = await seedCommunity(admin, ['Every write offline']);
  const [post] = posts as [Post];
  const authorName = newUsername('talk');
  const author = await apiClientOver(await request.newContext({ baseURL }));
  const authorUser = await author.signup({ username: authorName, password: 'password123', email: '', captchaToken: '' });
  const theirs = await author.createComment(post.publicId, { body: 'Said before the tunnel.' });
  const before = await admin.getPost(post.publicId);

  const dir = newProfile();
  const offline = { on: false, answered: [] as string[] };
  const { context, page } = await openBrowser(dir, offline);
  const username = newUsername('every');
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', { username, password: 'password123', email: '', captchaToken: '' });
  const list = await createListAs(page, username, { name: 'tunnel-reads', displayName: 'Tunnel reads', public: true });
  await page.goto(postPath(post));
  await waitForWorker(page);
  await expect(page.getByRole('heading', { name: 'Every write offline' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Save to list' });
  const box = dialog.getByRole('checkbox', { name: /Tunnel reads/ });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(box).not.toBeChecked();
  await page.keyboard.press('Escape');
  await waitForSaved(page, `"saved-to","post","${post.id}"`);
  await waitForSaved(page, 'Said before the tunnel.');

  await goOffline(context, offline);
  const votes = page.locator('.votes').first();
  await votes.getByRole('button', { name: 'Upvote' }).click();
  const comment = page.getByRole('article', { name: `Comment by @${authorName}` });
  await comment.getByRole('button', { name: 'Upvote' }).click();
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Written under the river.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByTestId('pending-comment')).toContainText('Written under the river.');
  const aside = page.locator('aside.columns__aside');
  await aside.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(aside.getByRole('button', { name: 'Joined' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await box.check();
  await expect(dialog.getByText('Waiting to be sent')).toBeVisible();
  await page.keyboard.press('Escape');
  await comment.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: `Mute @${authorName}` }).click();
  await expect(page.getByText('Comment by a muted user')).toBeVisible();
  await expect(page.getByTestId('outbox-waiting')).toContainText('6 changes are waiting to be sent');
  const stored = await outboxEntries(page);
  expect(stored.map((entry) => entry.write.kind).sort()).toEqual(['create-comment', 'join-community', 'mute', 'save-to-list', 'vote-comment', 'vote-post']);

  // Reloaded offline: every write still waits, and the server has none of them.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Every write offline' })).toBeVisible();
  await expect(page.getByTestId('outbox-waiting')).toContainText('6 changes are waiting to be sent');
  await expect(page.getByTestId('pending-comment')).toContainText('Written under the river.');
  expect(offline.answered).toEqual([]);
  const unchanged = await admin.getPost(post.publicId);
  expect([unchanged.upvotes, unchanged.noComments]).toEqual([before.upvotes, before.noComments]);

  const sent: string[] = [];
  context.on('request', (req) => {
    const key = req.headers()['idempotency-key'];
    if (key) sent.push(key);
  });
  await goOnline(context, offline);
  await expect(page.getByRole('status').filter({ hasText: 'Your 6 changes made offline have been sent.' })).toBeVisible({ timeout: 15_000 });
  expect(await outboxEntries(page)).toEqual([]);

  const after = await admin.getPost(post.publicId);
  expect(after.upvotes).toBe(before.upvotes + 1);
  expect(after.noComments).toBe(before.noComments + 1);
  const { comments } = await admin.getComments(post.publicId, {});
  expect(comments.filter((item) => item.body === 'Written under the river.')).toHaveLength(1);
  expect(comments.find((item) => item.id === theirs.id)?.upvotes).toBe(theirs.upvotes + 1);
  expect((await admin.getListItems(username, list.name)).items.map((item) => item.targetId)).toEqual([post.id]);
  const initial = await apiAs<InitialData>(page, 'GET', '/api/_initial');
  expect(initial.communities.map((item) => item.id)).toContain(community.id);
  expect(initial.mutes.userMutes.map((mute) => mute.mutedUserId)).toEqual([authorUser.id]);
  expect(sent.sort()).toEqual(stored.map((entry) => entry.key).sort());
  await context.close();
});

test('a write that does not wait for the network fails at once offline, says so and is rolled back', async () => {
  const admin = await adminApi();
  const { community } = await seedCommunity(admin, ['Hidden only online']);

  const dir = newProfile();
  const offline = { on: false, answered: [] as string[] };
  const { context, page } = await openBrowser(dir, offline);
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', { username: newUsername('fast'), password: 'password123', email: '', captchaToken: '' });
  await page.goto(`/${community.name}`);
  const card = page.getByRole('article').filter({ hasText: 'Hidden only online' });
  await expect(card).toBeVisible();

  await goOffline(context, offline);
  await card.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  await expect(page.getByRole('status').filter({ hasText: "Make sure you're connected to the internet" })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Hidden only online' })).toBeVisible();
  await expect(page.getByText('Hidden post')).toHaveCount(0);
  expect(await outboxEntries(page)).toEqual([]);
  await context.close();
});

/**
 * Fires a Background Sync (`sync`) or Periodic Background Sync (`periodicsync`) event in the
 * app's worker as the browser does, through the DevTools protocol of a tab that is not the app's.
 */
async function fireWorkerEvent(context: BrowserContext, event: 'sync' | 'periodicsync', tag: string): Promise<void> {
  const blank = await context.newPage();
  const { cdp, registrationId: id } = await workerDevTools(context, blank, baseURL);
  if (event === 'sync') await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: baseURL, registrationId: id, tag, lastChance: false });
  else await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin: baseURL, registrationId: id, tag });
  await cdp.detach();
  await blank.close();
}

/**
 * From now on the page's requests for a Background Sync are recorded (and made): the browser fires
 * the sync at once when its own network is up, which the test's offline mode does not change, so
 * the registered tags do not stay to be read.
 */
async function recordSyncRequests(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const scope = window as unknown as { SyncManager: { prototype: { register(tag: string): Promise<void> } }; syncRequests: string[] };
    const register = scope.SyncManager.prototype.register;
    scope.syncRequests = [];
    scope.SyncManager.prototype.register = function (this: unknown, tag: string) {
      scope.syncRequests.push(tag);
      return register.call(this, tag);
    };
  });
  return () => page.evaluate(() => (window as unknown as { syncRequests: string[] }).syncRequests);
}

test('a vote made offline is sent by the service worker when the network is back, with no tab of the app open; the app says so when opened', async () => {
  const admin = await adminApi();
  const { posts } = await seedCommunity(admin, ['Sent while the app was closed']);
  const [post] = posts as [Post];
  const before = await admin.getPost(post.publicId);

  const dir = newProfile();
  const offline = { on: false, answered: [] as string[] };
  const { context, page } = await openBrowser(dir, offline, { backgroundSync: true });
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', { username: newUsername('bgs'), password: 'password123', email: '', captchaToken: '' });
  await page.goto(postPath(post));
  await waitForWorker(page);
  await expect(page.getByRole('heading', { name: 'Sent while the app was closed' })).toBeVisible();

  const syncRequests = await recordSyncRequests(page);
  await goOffline(context, offline);
  const votes = page.locator('.votes').first();
  await votes.getByRole('button', { name: 'Upvote' }).click();
  await expect(votes).toHaveAttribute('data-pending', 'true');
  // The write had to wait: the app asked the browser to wake the worker once the network is back.
  await expect.poll(syncRequests).toEqual(['quorum-outbox']);
  const [stored] = await outboxEntries(page);
  expect(stored?.state).toBe('pending');
  await page.close();
  expect((await admin.getPost(post.publicId)).upvotes).toBe(before.upvotes);

  await goOnline(context, offline);
  await fireWorkerEvent(context, 'sync', 'quorum-outbox');
  await expect.poll(async () => (await admin.getPost(post.publicId)).upvotes, { timeout: 15_000 }).toBe(before.upvotes + 1);

  const reopened = await context.newPage();
  await reopened.goto(postPath(post));
  await expect(reopened.getByRole('status').filter({ hasText: 'Your change made offline has been sent.' })).toBeVisible();
  await expect(reopened.locator('.votes[data-pending]')).toHaveCount(0);
  await expect(reopened.locator('.votes').first().getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  expect(await outboxEntries(reopened)).toEqual([]);
  // Sent once: the worker's send and the app's start did not both apply it.
  expect((await admin.getPost(post.publicId)).upvotes).toBe(before.upvotes + 1);
  await context.close();
});

test('where the browser grants Periodic Background Sync, the worker refreshes the saved home feed and notifications, shown offline with when they were fetched', async () => {
  const admin = await adminApi();
  const { community } = await seedCommunity(admin, ['Read before the train']);

  const dir = newProfile();
  const offline = { on: false, answered: [] as string[] };
  const { context, page } = await openBrowser(dir, offline);
  // Browsers grant it to an installed app they see used; the test grants it to the site.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Browser.grantPermissions', { origin: baseURL, permissions: ['periodicBackgroundSync'] });
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', { username: newUsername('pbs'), password: 'password123', email: '', captchaToken: '' });
  await apiAs(page, 'POST', '/api/_joinCommunity', { communityId: community.id, leave: false });
  const own = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'Which carriage is quietest?', body: 'Asking for a friend.', community: community.name });
  // Opened as the member: the visitor's saved copy is dropped as the app starts, not later.
  await openApp(page, '/subscriptions');
  await waitForWorker(page);
  await expect(page.getByRole('link', { name: 'Read before the train' }).first()).toBeVisible();
  await waitForSaved(page, 'Read before the train');
  await page.goto('/notifications');
  await expect(page.locator('.notifications__list > .notification').first()).toBeVisible();
  await waitForSaved(page, '["notifications"');
  await expect
    .poll(() => page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { periodicSync: { getTags(): Promise<string[]> } };
      return registration.periodicSync.getTags();
    }))
    .toEqual(['quorum-refresh']);
  await page.close();

  // While the app is closed: a new post in the member's community, and a comment on their post.
  await admin.createPost({ type: 'text', title: 'Fresh while the app was closed', body: 'New.', community: community.name });
  await admin.createComment(own.publicId, { body: 'The front one, always.' });
  // Notifications are made by a background job: the refresh is fired once the server has it.
  await expect
    .poll(async () => JSON.stringify(await (await context.request.get('/api/notifications')).json()), { timeout: 30_000 })
    .toContain('"new_comment"');
  await fireWorkerEvent(context, 'periodicsync', 'quorum-refresh');

  // A page of the server that does not run the app reads the saved copy.
  const reader = await context.newPage();
  await reader.goto('/api/_health');
  await expect.poll(() => savedCache(reader), { timeout: 15_000 }).toContain('Fresh while the app was closed');
  await expect.poll(() => savedCache(reader), { timeout: 15_000 }).toContain('commented on your post');
  await reader.close();

  const later = await context.newPage();
  await goOffline(context, offline);
  await later.goto('/subscriptions');
  await expect(later.getByRole('link', { name: 'Fresh while the app was closed' }).first()).toBeVisible();
  await expect(later.getByTestId('saved-copy-note').first()).toContainText("You're offline. Last updated");
  await later.goto('/notifications');
  await expect(later.locator('.notifications__list > .notification').filter({ hasText: 'commented on your post' })).toBeVisible();
  await expect(later.getByTestId('saved-copy-note')).toContainText("You're offline. Last updated");
  expect(offline.answered).toEqual([]);
  await context.close();
});
