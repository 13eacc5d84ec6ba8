// Touch gestures on a phone (the `phone` project: 390×844, touch): pull to refresh at the spec's
// distance, a comment collapsed by a tap on its header, the reply box kept clear of the tab bar,
// and tap targets of at least 24 px.
import { PULL_TO_REFRESH_PX } from '@quorum/shared/constants';
import type { Post } from '@quorum/shared/entities/posts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs } from './helpers.ts';
import { openPost, own, pinnedComment, seedComment, seedPost } from './post-helpers.ts';

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Primary' });

/**
 * A finger put down at `from` through the browser's own touch input (the DevTools protocol): it
 * moves straight down in steps, then lifts.
 */
async function fingerDown(page: Page, from: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  return {
    async moveDown(distance: number, steps = 8) {
      for (let step = 1; step <= steps; step += 1) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x, y: from.y + (distance * step) / steps }] });
      }
    },
    async lift() {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    },
  };
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box on the page`);
  return box;
}

test('pulling a community feed down past 120 px shows a post written meanwhile; a shorter pull reads nothing', async ({ page }) => {
  const { community, post } = await seedPost(page, 'Already in the feed');
  let feedReads = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/posts' && url.searchParams.get('communityId') === community.id) feedReads += 1;
  });
  await page.goto(`/${community.name}`);
  const feed = page.getByRole('list', { name: `Posts in /${community.name}` });
  const first = feed.getByRole('link', { name: post.title });
  await expect(first).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const indicator = page.locator('.pull-refresh');
  await expect(indicator).toHaveAttribute('data-state', 'idle');

  const newer = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'Written while the feed was open', body: '', community: community.name });
  const title = await boxOf(first);
  const from = { x: Math.round(title.x + title.width / 2), y: Math.round(title.y + title.height / 2) };
  expect(from.y + PULL_TO_REFRESH_PX + 10).toBeLessThan(844);
  const readsBefore = feedReads;

  // 100 px: the indicator follows the finger; let go, it springs back and nothing is read.
  const short = await fingerDown(page, from);
  await short.moveDown(PULL_TO_REFRESH_PX - 20);
  await expect(indicator).toHaveAttribute('data-state', 'pulling');
  await short.lift();
  await expect(indicator).toHaveAttribute('data-state', 'idle');
  await expect(feed.getByRole('link', { name: newer.title })).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // 130 px: past the threshold; let go, the feed's first page is read once more and the new post shows.
  const long = await fingerDown(page, from);
  await long.moveDown(PULL_TO_REFRESH_PX + 10);
  await expect(indicator).toHaveAttribute('data-state', 'armed');
  await long.lift();
  await expect(feed.getByRole('link', { name: newer.title })).toBeVisible();
  await expect(indicator).toHaveAttribute('data-state', 'idle');
  await expect(first).toBeVisible();
  // Counted after the second pull's read has come back: the first pull read nothing.
  expect(feedReads).toBe(readsBefore + 1);
});

test("a tap on a comment's header collapses it, and another tap expands it", async ({ page }) => {
  const { post } = await seedPost(page, 'Folding comments by their header');
  const parent = await seedComment(page, post, 'Tap my header to fold me.');
  await seedComment(page, post, 'A reply that folds with it.', parent.id);
  await openPost(page, post);
  const comment = await pinnedComment(page, 'Tap my header to fold me.');
  const line = comment.locator(':scope > .comment__line');
  await expect(line).toHaveAttribute('aria-expanded', 'true');

  // The header's blank space, at its far end, past the author, the time and the markers.
  const head = own(comment).locator('.comment__head');
  const headBox = await boxOf(head);
  const blank = { x: headBox.width - 4, y: headBox.height / 2 };
  await head.tap({ position: blank });
  await expect(line).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Tap my header to fold me.')).toBeHidden();
  await expect(page.getByText('A reply that folds with it.')).toBeHidden();

  await head.tap({ position: blank });
  await expect(line).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Tap my header to fold me.')).toBeVisible();
  await expect(page.getByText('A reply that folds with it.')).toBeVisible();
});

test('a reply box opened just above the tab bar is scrolled whole into view, between the navbar and the tab bar', async ({ page }) => {
  const { post } = await seedPost(page, 'A long thread to reply far down');
  const filler = 'A long comment that takes several lines on a phone, so that the thread grows well past one screen. '.repeat(3);
  for (let index = 1; index <= 10; index += 1) await seedComment(page, post, `Comment ${index}. ${filler}`);
  await openPost(page, post);
  // Phones draw the thread in batches: the last comment once all ten are there.
  const topLevel = page.locator('.comments__list > li.comment');
  await expect(topLevel).toHaveCount(10);
  const comment = topLevel.last();
  const replyButton = own(comment).getByRole('button', { name: 'Reply', exact: true });
  await expect(replyButton).toBeVisible();

  // Its Reply button sits just above the tab bar, so the box that opens under it starts hidden.
  await replyButton.evaluate((button) => {
    const barTop = document.querySelector('.bottom-nav')?.getBoundingClientRect().top ?? window.innerHeight;
    window.scrollBy({ top: button.getBoundingClientRect().bottom - (barTop - 4), behavior: 'instant' });
  });
  const barTop = (await boxOf(tabBar(page))).y;
  const before = await boxOf(replyButton);
  expect(before.y + before.height).toBeLessThanOrEqual(barTop);
  expect(before.y + before.height).toBeGreaterThan(barTop - 60);

  await replyButton.tap();
  const box = own(comment).locator('form.comment-box');
  const textarea = box.getByRole('textbox', { name: /^Reply to / });
  const send = box.getByRole('button', { name: 'Reply', exact: true });
  await expect(textarea).toBeFocused();

  const fitsBetweenBars = async () => {
    const navbar = await boxOf(page.locator('header.navbar'));
    const top = Math.max(0, navbar.y + navbar.height);
    const bottom = (await boxOf(tabBar(page))).y;
    const parts = [await boxOf(textarea), await boxOf(send)];
    return parts.every((part) => part.y >= top - 0.5 && part.y + part.height <= bottom + 0.5);
  };
  await expect.poll(fitsBetweenBars, { message: 'the textarea and its Reply button lie between the navbar and the tab bar' }).toBe(true);
});

test('card bylines, comment headers and thread lines give a finger at least 24 px at 390 px', async ({ page }) => {
  const { community, post } = await seedPost(page, 'Targets big enough for a finger');
  const parent = await seedComment(page, post, 'A comment with a reply.');
  await seedComment(page, post, 'The reply under it.', parent.id);

  const atLeast24 = async (locator: Locator) => {
    const box = await boxOf(locator);
    expect(box.width, `${locator.toString()} width`).toBeGreaterThanOrEqual(24);
    expect(box.height, `${locator.toString()} height`).toBeGreaterThanOrEqual(24);
  };

  // A feed that shows the community in its bylines, and a community's own feed (author only).
  await page.goto('/all');
  const allFeed = page.locator('ul.feed').first();
  await expect(allFeed.locator('.byline__community').first()).toBeVisible();
  await atLeast24(allFeed.locator('.byline__community').first());
  await atLeast24(allFeed.locator('a.byline__author').first());

  await page.goto(`/${community.name}`);
  const card = page.getByRole('list', { name: `Posts in /${community.name}` }).getByRole('listitem').filter({ hasText: post.title });
  await atLeast24(card.locator('a.byline__author'));

  // The post page: its byline, and each comment's author, time and thread line.
  await openPost(page, post);
  await atLeast24(page.locator('.byline__community').first());
  await atLeast24(page.locator('a.byline__author').first());
  for (const text of ['A comment with a reply.', 'The reply under it.']) {
    const comment = await pinnedComment(page, text);
    await atLeast24(comment.locator(':scope > .comment__line'));
    await atLeast24(own(comment).locator('a.comment__author'));
    await atLeast24(own(comment).locator('a.comment__time'));
  }
});
