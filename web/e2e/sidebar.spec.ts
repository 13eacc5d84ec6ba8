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

test("visitors of a site without default communities see its largest communities under 'Communities'", async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  await createCommunity(page);
  await logOutViaApi(page);
  await page.goto('/');
  const section = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('region', { name: 'Communities' });
  await expect(section.getByRole('link').first()).toBeVisible();
  await expect(section.getByText('Find a place to start.')).toHaveCount(0);
  const initial = await apiAs<{ communities: Array<{ name: string; isDefault: boolean }> }>(page, 'GET', '/api/_initial');
  expect(initial.communities.length).toBeGreaterThan(0);
  expect(initial.communities.every((c) => !c.isDefault)).toBe(true);
  for (const shown of initial.communities.slice(0, 10)) await expect(section.getByRole('link', { name: shown.name })).toBeVisible();
});

test('the Contact links write to the address an admin set, and are hidden while there is none', async ({ page }) => {
  await page.goto('/');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(sidebar.getByRole('link', { name: 'About' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Contact' })).toHaveCount(0);
  await expect(footer.getByRole('link', { name: 'Contact' })).toHaveCount(0);

  await logIn(page, ADMIN.username, ADMIN.password);
  await apiAs(page, 'PUT', '/api/site_settings', { contactEmail: 'hello@quorum.example' });
  try {
    await page.reload();
    await expect(sidebar.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', 'mailto:hello@quorum.example');
    await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', 'mailto:hello@quorum.example');
  } finally {
    await apiAs(page, 'PUT', '/api/site_settings', { contactEmail: '' });
  }
  await page.reload();
  await expect(sidebar.getByRole('link', { name: 'Contact' })).toHaveCount(0);
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
