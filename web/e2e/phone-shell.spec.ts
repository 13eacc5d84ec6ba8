// The phone's shell (the `phone` project): the tab bar's scroll memory, the sidebar drawer's
// gestures and the top bar's reaction to scrolling, with the specification's thresholds.
import { NAVBAR_AUTOHIDE_THRESHOLD_PX, NAVBAR_BLUR_AFTER_PX, MOBILE_SIDEBAR_WIDTH_PX } from '@quorum/shared/constants';
import { expect, test, type Page } from '@playwright/test';
import { createCommunity, seedPosts } from './feed-helpers.ts';
import { ADMIN, apiAs, logIn, logOutViaApi } from './helpers.ts';
import { newUser } from './post-helpers.ts';

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Primary' });

/** Enough posts for a home feed several screens long, in a community of their own. */
async function seedLongFeed(page: Page): Promise<{ id: string }> {
  await logOutViaApi(page);
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page);
  await seedPosts(page, community.name, 15, 'Phone shell post');
  return community;
}

/** Scrolls the page to `y` and waits until the page has drawn a frame after it, as scroll handlers run per frame. */
async function scrollToY(page: Page, y: number) {
  await page.evaluate(async (top) => {
    window.scrollTo({ top, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, y);
}

/** The post at the top of the screen (below the top bar) and where it stands. */
function cardAtTop(page: Page): Promise<{ id: string | null; top: number } | null> {
  return page.evaluate(() => {
    const below = document.querySelector('header.navbar')?.getBoundingClientRect().bottom ?? 0;
    const card = Array.from(document.querySelectorAll('article.post-card')).find((item) => item.getBoundingClientRect().bottom > below + 40);
    return card ? { id: card.getAttribute('data-post-id'), top: Math.round(card.getBoundingClientRect().top) } : null;
  });
}

/** A one-finger drag from one point to another, in steps, through the DevTools protocol. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    for (let step = 1; step <= steps; step += 1) {
      const x = from.x + ((to.x - from.x) * step) / steps;
      const y = from.y + ((to.y - from.y) * step) / steps;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

test('tapping a tab comes back where that screen was left, and tapping the current tab goes to the top', async ({ page }) => {
  const community = await seedLongFeed(page);
  await newUser(page, 'tabs');
  // A home feed of the seeded community alone: the site's other posts, which tests running beside
  // this one vote on and add to, would reorder it while the member is away.
  await apiAs(page, 'POST', '/api/_joinCommunity', { communityId: community.id });
  await apiAs(page, 'POST', '/api/_settings?action=updateProfile', { homeFeed: 'subscriptions' });
  await page.goto('/');
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(2500);
  await scrollToY(page, 1200);
  const left = await cardAtTop(page);
  expect(left).not.toBeNull();

  await tabBar(page).getByRole('link', { name: 'Communities' }).tap();
  await expect(page).toHaveURL(/\/communities$/);
  await tabBar(page).getByRole('link', { name: 'Home' }).tap();
  await expect(page).toHaveURL(/\/$/);
  // The same post is back at the top of the screen: posts further up are drawn again as they come
  // near, so the page's offset may differ by a pixel or two while what is on screen does not.
  await expect
    .poll(async () => {
      const back = await cardAtTop(page);
      return back !== null && back.id === left?.id && Math.abs(back.top - (left?.top ?? 0)) <= 2;
    })
    .toBe(true);

  await tabBar(page).getByRole('link', { name: 'Home' }).tap();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the sidebar drawer opens from the menu or an edge swipe, and closes from its overlay or a drag back past a third', async ({ page }) => {
  await page.goto('/');
  const drawer = page.locator('#sidebar');
  const overlay = page.locator('.sidebar-overlay');
  await expect(drawer).not.toHaveAttribute('data-open');

  await page.getByRole('button', { name: 'Menu' }).tap();
  await expect(drawer).toHaveAttribute('data-open', 'true');
  await expect(overlay).toBeVisible();
  // The overlay covers the page beside the drawer; a tap there closes it.
  await page.touchscreen.tap(MOBILE_SIDEBAR_WIDTH_PX + 40, 400);
  await expect(drawer).not.toHaveAttribute('data-open');
  await expect(overlay).toHaveCount(0);

  await drag(page, { x: 8, y: 400 }, { x: 160, y: 405 });
  await expect(drawer).toHaveAttribute('data-open', 'true');

  // A short drag back is not enough.
  await drag(page, { x: 250, y: 400 }, { x: 250 - MOBILE_SIDEBAR_WIDTH_PX / 3 + 30, y: 402 });
  await expect(drawer).toHaveAttribute('data-open', 'true');
  await expect.poll(() => drawer.evaluate((element) => (element as HTMLElement).style.transform)).toBe('');

  await drag(page, { x: 250, y: 400 }, { x: 250 - MOBILE_SIDEBAR_WIDTH_PX / 3 - 30, y: 402 });
  await expect(drawer).not.toHaveAttribute('data-open');
  await expect(overlay).toHaveCount(0);
});

test('the top bar blurs past 50 px and hides after 20 px down, coming back after 20 px up', async ({ page }) => {
  await seedLongFeed(page);
  await logOutViaApi(page);
  await page.goto('/');
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1500);
  const navbar = page.locator('header.navbar');

  await scrollToY(page, NAVBAR_BLUR_AFTER_PX - 10);
  await expect(navbar).not.toHaveAttribute('data-scrolled');
  await scrollToY(page, NAVBAR_BLUR_AFTER_PX + 10);
  await expect(navbar).toHaveAttribute('data-scrolled', 'true');

  await scrollToY(page, 300);
  await expect(navbar).toHaveAttribute('data-hidden', 'true');
  await scrollToY(page, 300 - NAVBAR_AUTOHIDE_THRESHOLD_PX + 5);
  await expect(navbar).toHaveAttribute('data-hidden', 'true');
  await scrollToY(page, 300 - NAVBAR_AUTOHIDE_THRESHOLD_PX - 5);
  await expect(navbar).not.toHaveAttribute('data-hidden');
  await scrollToY(page, 300 - NAVBAR_AUTOHIDE_THRESHOLD_PX - 5 + NAVBAR_AUTOHIDE_THRESHOLD_PX - 5);
  await expect(navbar).not.toHaveAttribute('data-hidden');
  await scrollToY(page, 400);
  await expect(navbar).toHaveAttribute('data-hidden', 'true');
  await scrollToY(page, 0);
  await expect(navbar).not.toHaveAttribute('data-hidden');
  await expect(navbar).not.toHaveAttribute('data-scrolled');
});
