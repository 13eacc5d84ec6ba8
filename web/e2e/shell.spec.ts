import { expect, test } from '@playwright/test';

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByText('404: Not found!')).toBeVisible();
  await expect(page.getByText("The page you're looking for does not exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Go home.' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the theme follows the system and a chosen theme persists across reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(lightBackground).not.toBe(darkBackground);

  await page.getByRole('switch', { name: /dark mode/i }).first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('the static pages have real content', async ({ page }) => {
  for (const [path, heading] of [
    ['/about', /about/i],
    ['/guidelines', /guidelines/i],
    ['/moderator-guidelines', /moderator/i],
    ['/terms', /terms/i],
    ['/privacy-policy', /privacy/i],
    ['/markdown-guide', /markdown/i],
    ['/markdown_guide', /markdown/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect((await page.locator('main').innerText()).length).toBeGreaterThan(400);
  }
});
