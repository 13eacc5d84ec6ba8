import { expect, test } from '@playwright/test';
import { apiAs, expectNoSidewaysScroll, newUsername, openApp, saveScreen } from './helpers.ts';
import { linkInMail, mailsTo } from './mail.ts';

const confirmLinkTo = (address: string, seen: string[] = []) => linkInMail(address, '/confirm-email?token=', seen);

test('a new member confirms their address from the emailed link, and a new address is confirmed again', async ({ page }) => {
  const username = newUsername('ec');
  const email = `${username}@mail.example`;
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', { username, password: 'password123', email, captchaToken: '' });
  const firstLink = await confirmLinkTo(email);

  await page.goto('/settings');
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByText('Not confirmed yet')).toBeVisible();
  await account.getByRole('button', { name: 'Send the link again' }).click();
  await expect(account.getByText('A confirmation link is on its way to your email address.')).toBeVisible();
  const secondLink = await confirmLinkTo(email, [firstLink]);

  // The newer link voided the first one.
  await page.goto(firstLink);
  await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
  await expect(page.getByText('This confirmation link has expired, was already used')).toBeVisible();

  await page.goto(secondLink);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your settings' }).click();
  await expect(account.getByText('Confirmed.')).toBeVisible();

  // A new address: saved right away (the login was a fresh check), unconfirmed, and the old one is told.
  const newAddress = `${username}@elsewhere.example`;
  await account.getByLabel('Email').fill(newAddress);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved. Follow the link we sent to confirm your new email address.')).toBeVisible();
  await expect(account.getByText('Not confirmed yet')).toBeVisible();
  await expect.poll(async () => (await mailsTo(email, 'The email address of your Quorum account changed')).length).toBe(1);
  await page.goto(await confirmLinkTo(newAddress));
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
});

test('the confirmation page and the email status fit 320, 390 and 1280 px in both themes', async ({ page }) => {
  const username = newUsername('ecs');
  await openApp(page);
  await apiAs(page, 'POST', '/api/_signup', {
    username, password: 'password123', email: `${username}.with.a.rather.long.address@an-email-provider.example`, captchaToken: '',
  });
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/settings');
      await expect(page.getByText('Not confirmed yet')).toBeVisible();
      await expectNoSidewaysScroll(page, 'settings, unconfirmed email');
      await saveScreen(page, `email-unconfirmed-${width}-${theme}`);
      await page.goto('/confirm-email?token=not-a-real-token-but-long-enough');
      await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'confirm email');
      await saveScreen(page, `confirm-email-failed-${width}-${theme}`);
    }
  }
});
