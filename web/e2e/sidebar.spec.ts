import { expect, test } from '@playwright/test';
import { createCommunity } from './feed-helpers.ts';
import { ADMIN, apiAs, logIn, logOutViaApi, signUp } from './helpers.ts';

test.use({ viewport: { width: 1280, height: 800 } });

test("visitors see the site's default communities in the sidebar under 'Communities'", async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page);
  await apiAs(page, 'POST', '/api/_admin', { action: 'add_default_forum', name: community.name });
  try {
    await logOutViaApi(page);
    await page.goto('/');
    const section = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('region', { name: 'Communities' });
    await expect(section.getByRole('link', { name: community.name })).toHaveAttribute('href', `/${community.name}`);
  } finally {
    // Defaults narrow the visitors' home feed, which other tests read.
    await logIn(page, ADMIN.username, ADMIN.password);
    await apiAs(page, 'POST', '/api/_admin', { action: 'remove_default_forum', name: community.name });
  }
});

test('the right column of the home page describes the feed shown', async ({ page }) => {
  await signUp(page);
  await page.goto('/all');
  const column = page.getByRole('complementary', { name: 'About your feed' });
  await expect(column.getByText('Posts from every community.')).toBeVisible();
  await expect(column.getByText('Posts from the communities you joined.')).toHaveCount(0);

  await page.getByRole('link', { name: 'Subscriptions' }).first().click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(column.getByText('Posts from the communities you joined.')).toBeVisible();
});
