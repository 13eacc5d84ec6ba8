import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { DataArchive } from '@quorum/shared/entities/exports';
import { apiAs, createListAs, expectNoSidewaysScroll, newUsername, openApp, saveScreen, signUp } from './helpers.ts';

const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });

test('a member prepares an archive of their data in Settings, sees it get ready and downloads it', async ({ page, browser, context }) => {
  test.setTimeout(90_000);
  await openApp(page);
  const username = await signUp(page, newUsername('exp'));
  await apiAs(page, 'POST', '/api/_settings?action=updateProfile', { aboutMe: 'Archived in the browser test.', replyNotificationsOff: true });
  await createListAs(page, username, { name: 'read-later', displayName: 'Read later' });

  await page.goto('/settings');
  const section = yourData(page);
  await expect(section.getByText('No archive prepared yet.')).toBeVisible();
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page, 'the Your data section of settings');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await section.scrollIntoViewIfNeeded();
      await saveScreen(page, `settings-data-export-${width}-${colorScheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Asked from the keyboard; the section follows the build by itself, without a reload.
  const prepare = section.getByRole('button', { name: 'Prepare my data' });
  await prepare.focus();
  await page.keyboard.press('Enter');
  await expect(prepare).toBeDisabled();
  const download = section.getByRole('link', { name: /^Download \(\d+(\.\d)? (B|KB|MB)\)$/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText('Preparing your archive…', { exact: false })).toHaveCount(0);
  await expect(section).toContainText(/Ready (just now|1 minute ago)\. The link works until .+\./);
  // One archive an hour: the button says when the next one may be asked for.
  await expect(prepare).toBeDisabled();
  await expect(prepare).toHaveAccessibleDescription(/^You can prepare a new archive after .+: one an hour\.$/);
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page, 'a ready archive in settings');
    await saveScreen(page, `settings-data-export-ready-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^quorum-${username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const archive = JSON.parse(await readFile(await file.path(), 'utf8')) as DataArchive;
  expect(archive.format).toBe(1);
  expect(archive.account).toMatchObject({ username, aboutMe: 'Archived in the browser test.', email: null });
  expect(archive.settings).toMatchObject({ replyNotificationsOff: true, upvoteNotificationsOff: false });
  expect(archive.lists.map((list) => list.name).sort()).toEqual(['bookmarks', 'read-later']);
  expect(archive).toMatchObject({ posts: [], comments: [], mutes: { users: [], communities: [] } });
  expect(JSON.stringify(archive)).not.toMatch(/password/i);

  // The link is the owner's alone: another member and a visitor get a 404.
  const href = (await download.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/exports\/[0-9a-f-]{36}\/download$/);
  const stranger = await browser.newContext();
  try {
    expect((await stranger.request.get(href)).status()).toBe(404);
    const other = await stranger.newPage();
    await openApp(other);
    await signUp(other, newUsername('exp'));
    const answer = await other.request.get(href);
    expect(answer.status()).toBe(404);
    expect(await answer.json()).toMatchObject({ status: 404, code: 'not_found' });
  } finally {
    await stranger.close();
  }

  // Offline, nothing can be prepared or downloaded, and the section says why.
  await context.setOffline(true);
  await expect(section.getByRole('button', { name: /^Download/ })).toBeDisabled();
  await expect(section.getByRole('link', { name: /^Download/ })).toHaveCount(0);
  await expect(prepare).toHaveAccessibleDescription("You're offline. Your data can be prepared when you're back online.");
  await context.setOffline(false);
  await expect(download).toBeVisible();
});
