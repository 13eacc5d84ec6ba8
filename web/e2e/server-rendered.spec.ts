import { expect, test, type Browser, type Page } from '@playwright/test';
import { FEED_LIMIT_DEFAULT } from '@quorum/shared/constants';
import { apiAs, expectNoSidewaysScroll, waitForSaved } from './helpers.ts';
import { postPath, seedComment, seedPost } from './post-helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

/** A visitor's page (no cookies), the app's script held back until `release` is called. */
async function visitorWithHeldScript(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, ...(viewport.width < 600 ? { userAgent: PHONE_AGENT, isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { page, context, problems, release };
}

/** Starts counting layout shifts on the page. */
async function watchLayoutShifts(page: Page) {
  await page.evaluate(() => {
    const shifts = { total: 0 };
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

let seeded: Awaited<ReturnType<typeof seedPost>> | undefined;

async function seedThread(page: Page) {
  if (seeded) return seeded;
  seeded = await seedPost(page, 'Which tomatoes <ripen> first & why?');
  await seedComment(page, seeded.post, 'Early Girl, every single year.');
  return seeded;
}

test('without JavaScript, a post page shows its title, body and comments and links to its community', async ({ browser, page }) => {
  const { community, post } = await seedThread(page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await context.newPage();
  const answer = await visitor.goto(postPath(post));
  expect(answer?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(visitor.getByText('Mine keeps')).toBeVisible();
  await expect(visitor.getByText('Early Girl, every single year.')).toBeVisible();
  await expect(visitor.locator(`main a[href="/${community.name}"]`).first()).toBeVisible();
  await context.close();
});

test('without JavaScript, a feed leads to its next page by a link', async ({ browser, page }) => {
  const { community } = await seedPost(page, 'Which tomatoes <ripen> first & why?');
  for (let i = 0; i < FEED_LIMIT_DEFAULT; i++) await apiAs(page, 'POST', '/api/posts', { type: 'text', title: `Seedling diary, day ${i + 1}`, body: 'Still growing.', community: community.name });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await context.newPage();
  await visitor.goto(`/${community.name}?sort=latest`);
  await expect(visitor.getByRole('link', { name: `Seedling diary, day ${FEED_LIMIT_DEFAULT}`, exact: true })).toBeVisible();
  // The first post written is on the second page.
  await expect(visitor.getByRole('link', { name: 'Which tomatoes <ripen> first & why?' })).toHaveCount(0);
  await visitor.getByRole('link', { name: 'Next page' }).click();
  await expect(visitor).toHaveURL(/sort=latest&next=/);
  await expect(visitor.getByRole('link', { name: 'Which tomatoes <ripen> first & why?' }).first()).toBeVisible();
  await expect(visitor.getByRole('link', { name: `Seedling diary, day ${FEED_LIMIT_DEFAULT}`, exact: true })).toHaveCount(0);
  await context.close();
});

test('without JavaScript, drawn pages fit 320, 390 and 1280 px, long titles included', async ({ browser, page }) => {
  const { community, post } = await seedPost(page, `Supercalifragilistic_${'tomato_'.repeat(12)}diary`);
  for (const width of [320, 390, 1280]) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
    const visitor = await context.newPage();
    for (const path of [`/${community.name}`, postPath(post), '/all?sort=latest']) {
      await visitor.goto(path);
      await expect(visitor.getByText(post.title).first()).toBeVisible();
      await expectNoSidewaysScroll(visitor, `${path} without JavaScript`);
    }
    await context.close();
  }
});

/** The key pages a visitor lands on, each with a text its drawn content shows. */
async function keyPages(page: Page) {
  // A new post: the newest of All, whatever other tests wrote before.
  const { community, post } = await seedPost(page, 'Which beans climb & which <sprawl>?');
  // A long thread: past 12,800 bytes of comments the server could have put some behind scripts.
  for (let i = 0; i < 24; i++) await seedComment(page, post, `Pole ${i}: ${'Runner beans want a pole twice their height. '.repeat(60)}`);
  return [
    { path: postPath(post), shows: (on: Page) => on.getByRole('heading', { level: 1, name: post.title }) },
    { path: `/${community.name}`, shows: (on: Page) => on.getByRole('link', { name: post.title }).first() },
    { path: '/all?sort=latest', shows: (on: Page) => on.getByRole('link', { name: post.title }).first() },
  ];
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px, the key pages show before the script runs, the app takes them over without an error or a shift, and a vote right after works`, async ({ browser, page }) => {
    for (const { path, shows } of await keyPages(page)) {
      const visitor = await visitorWithHeldScript(browser, viewport);
      await visitor.page.goto(path, { waitUntil: 'commit' });
      await expect(shows(visitor.page), path).toBeVisible();
      await watchLayoutShifts(visitor.page);
      await visitor.page.evaluate(() => {
        const drawn = window as unknown as { drawnMain: Element | null; drawnItems: Element[] };
        drawn.drawnMain = document.querySelector('main');
        // A feed's first post, and a thread's last drawn comment (a feed's far posts are let go as it scrolls).
        drawn.drawnItems = [document.querySelector('main article.post-card'), [...document.querySelectorAll('main article.comment__main')].at(-1)].filter(
          (item): item is Element => item !== null && item !== undefined,
        );
      });
      // Once taken over, the app asks for the visitor's own bootstrap data (and token).
      await Promise.all([visitor.page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/_initial'), visitor.release()]);
      // A vote right away asks the visitor to log in.
      await visitor.page.getByRole('button', { name: 'Upvote' }).first().click();
      const prompt = visitor.page.getByRole('dialog', { name: 'Login to continue' });
      await expect(prompt, path).toBeVisible();
      await prompt.getByRole('button', { name: 'Close' }).click();
      await visitor.page.waitForLoadState('networkidle');
      // The drawn page was kept, not drawn again, down to its posts and comments.
      const kept = await visitor.page.evaluate(() => {
        const drawn = window as unknown as { drawnMain: Element | null; drawnItems: Element[] };
        return { main: drawn.drawnMain === document.querySelector('main'), items: drawn.drawnItems.map((item) => item.isConnected) };
      });
      expect(kept, path).toEqual({ main: true, items: [true] });
      expect(visitor.problems, path).toEqual([]);
      expect(await visitor.page.evaluate(() => (window as unknown as { shifts: { total: number } }).shifts.total), path).toBeLessThanOrEqual(0.02);
      await visitor.context.close();
    }
  });
}

test('a tap made before the app has taken the page over is made once it has', async ({ browser, page }) => {
  const { community, post } = await seedPost(page, 'Which herbs survive a frost?');
  const visitor = await visitorWithHeldScript(browser, PHONE);
  await visitor.page.goto(`/${community.name}`, { waitUntil: 'commit' });
  const card = visitor.page.getByRole('article', { name: post.title });
  // The drawn page's button, with no app behind it yet, tapped twice by an impatient finger.
  await card.getByRole('button', { name: 'Upvote' }).click();
  await card.getByRole('button', { name: 'Upvote' }).click();
  await visitor.release();
  const prompt = visitor.page.getByRole('dialog', { name: 'Login to continue' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Close' }).click();
  await expect(visitor.page.getByRole('dialog')).toHaveCount(0);
  await expect(card.getByTestId('post-score')).toHaveText('1 points');
  expect(visitor.problems).toEqual([]);
  await visitor.context.close();
});

test('once installed, pages come from the service worker, offline too', async ({ browser, page }) => {
  const { post } = await seedThread(page);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(postPath(post));
  await expect(visitor.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  expect(await visitor.evaluate(() => document.getElementById('server-state') !== null)).toBe(true);
  await visitor.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await visitor.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  // The answers the drawn page came with are saved for offline use.
  await waitForSaved(visitor, 'Early Girl, every single year.');
  await context.setOffline(true);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  // The worker's shell, not a page from the network.
  expect(await visitor.evaluate(() => document.getElementById('server-state'))).toBeNull();
  await context.close();
});
