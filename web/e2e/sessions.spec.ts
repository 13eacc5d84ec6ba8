import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, logIn, newUsername, openApp, saveScreen, signUp } from './helpers.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0';

/** A second browser with its own cookies, logged in as `username` through the login form. */
async function logInElsewhere(browser: Browser, username: string, userAgent?: string): Promise<Page> {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  await page.goto('/login?redirect=%2Fsettings');
  const form = page.locator('main');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill('password123');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  return page;
}

const sessionRows = (page: Page) => page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');

test('a member sees where they are logged in, logs another device out, then every other one', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await openApp(page);
  const username = await signUp(page, newUsername('sess'));
  const phone = await logInElsewhere(browser, username, FIREFOX_ANDROID);
  try {
    // The phone sees itself as this device.
    await expect(sessionRows(phone)).toHaveCount(2);
    await expect(sessionRows(phone).filter({ hasText: 'This device' })).toContainText('Firefox on Android');

    await page.goto('/settings');
    const rows = sessionRows(page);
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('This device');
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    const phoneRow = rows.filter({ hasText: 'Firefox on Android' });
    await expect(phoneRow).not.toContainText('This device');
    await expect(phoneRow).toContainText(FIREFOX_ANDROID);
    await expect(phoneRow).toContainText(/Signed in .* · last active /);
    // This device's own session has no Log out here (Logout in the menu ends it).
    await expect(rows.first().getByRole('button')).toHaveCount(0);

    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(rows).toHaveCount(2);
      await expectNoSidewaysScroll(page, 'the sessions of settings');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await saveScreen(page, `settings-sessions-${width}-${colorScheme}`, { fullPage: true });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Logged out from the keyboard: the row goes and the focus returns to the section.
    const logOutPhone = phoneRow.getByRole('button', { name: 'Log out', exact: true });
    await expect(logOutPhone).toHaveAccessibleDescription('Firefox on Android');
    await logOutPhone.focus();
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Sessions' })).toBeFocused();
    await expect(page.getByText('You are logged in on this device only.')).toBeVisible();

    // The phone is logged out at its next navigation.
    await phone.goto('/');
    await expect(phone.getByRole('button', { name: 'Login' }).first()).toBeVisible();
    expect((await phone.request.get('/api/_user')).status()).toBe(401);
  } finally {
    await phone.context().close();
  }

  // Two more devices, then all of them at once, after a confirmation.
  const others = [await browser.newContext(), await browser.newContext()];
  try {
    for (const context of others) await logIn(await context.newPage(), username);
    await page.reload();
    await expect(sessionRows(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'Log out of all other sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out of all other sessions?' });
    await expect(dialog).toContainText('The 2 other browsers and apps where you are logged in are logged out');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Log out of all' }).click();
    await expect(page.getByText('Logged out of 2 other sessions.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(sessionRows(page)).toHaveCount(1);
    await expect(sessionRows(page)).toContainText('This device');
    for (const context of others) expect((await context.request.get('/api/_user')).status()).toBe(401);
    expect((await page.request.get('/api/_user')).status()).toBe(200);
  } finally {
    for (const context of others) await context.close();
  }
});
