import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiAs, expectNoSidewaysScroll, logIn, logOutViaApi, newUsername, openApp, saveScreen } from './helpers.ts';
import { linkInMail, mailsTo } from './mail.ts';

const resetLinkTo = (address: string) => linkInMail(address, '/reset-password?token=');

async function memberWithEmail(page: Page): Promise<{ username: string; email: string }> {
  const username = newUsername('rp');
  const email = `${username}@mail.example`;
  await page.goto('/');
  await apiAs(page, 'POST', '/api/_signup', { username, password: 'password123', email, captchaToken: '' });
  await logOutViaApi(page);
  return { username, email };
}

test('a member who forgot their password asks for a link from the login form, follows it and is logged in with the new one', async ({ page }) => {
  const { username, email } = await memberWithEmail(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('Enter your username or email.')).toBeVisible();
  await page.getByLabel('Username or email').fill(username);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a link to set a new password is on its way' })).toBeVisible();

  const link = await resetLinkTo(email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a new password');
  await page.getByLabel('Repeat password', { exact: true }).fill('another one');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match.' })).toBeVisible();
  await page.getByLabel('Repeat password', { exact: true }).fill('a new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your new password is set.')).toBeVisible();
  expect((await apiAs<{ username: string }>(page, 'GET', '/api/_user')).username).toBe(username);

  // The link worked once.
  await logOutViaApi(page);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet another one');
  await page.getByLabel('Repeat password', { exact: true }).fill('yet another one');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This link to set a new password has expired or was already used.' })).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new one' }).click();
  await expect(page).toHaveURL('/forgot-password');
});

test('the login dialog leads to Forgot password, and both pages fit 320, 390 and 1280 px in both themes', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();

  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/forgot-password');
      await page.getByLabel('Username or email').fill('someone_with_a_rather_long_name@an-email-provider.example');
      await expectNoSidewaysScroll(page, 'forgot password');
      await saveScreen(page, `forgot-password-${width}-${theme}`);
      await page.getByRole('button', { name: 'Send link' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'on its way' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'forgot password, sent');
      await saveScreen(page, `forgot-password-sent-${width}-${theme}`);
      await page.goto('/reset-password?token=abc');
      await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'reset password');
      await saveScreen(page, `reset-password-${width}-${theme}`);
    }
  }
});

test('an admin without an email address is told why no test message goes out, and with one it goes to them', async ({ page }) => {
  await openApp(page);
  await logIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/admin/health');
  const mail = page.getByRole('region', { name: 'Mail' });
  await mail.getByRole('button', { name: 'Send a test message' }).click();
  await expect(mail.getByRole('alert')).toHaveText('Add an email address to your account in Settings first: the test message goes there.');

  const address = `${newUsername('adm')}@mail.example`;
  await apiAs(page, 'POST', '/api/_settings?action=updateProfile', { email: address });
  try {
    await mail.getByRole('button', { name: 'Send a test message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'A test message is on its way to your email address.' })).toBeVisible();
    await expect(mail.getByRole('alert')).toHaveCount(0);
    await expect.poll(async () => (await mailsTo(address, 'A test message from Quorum')).length).toBe(1);
  } finally {
    await apiAs(page, 'POST', '/api/_settings?action=updateProfile', { email: '' });
  }
});
