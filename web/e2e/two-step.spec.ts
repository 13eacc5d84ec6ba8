import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { BackupCodes, TwoStepSetup } from '@quorum/shared/entities/two-step';
import { Messages } from '@quorum/shared/errors';
import { Secret, TOTP } from 'otpauth';
import { apiAs, expectNoSidewaysScroll, logOut, logOutViaApi, newUsername, openApp, saveScreen, signUp } from './helpers.ts';

const STEP_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / STEP_MS);

/**
 * What an authenticator app holding `secret` shows. The server takes a code once, for its
 * 30-second step or the ones either side: each code asked for is of a later step than the last
 * one given, the current step where it is later.
 */
function authenticator(secret: string) {
  const codeOf = (step: number) => TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: step * STEP_MS });
  let last = -Infinity;
  return {
    next: () => {
      last = Math.max(stepNow(), last + 1);
      return codeOf(last);
    },
    /** A code the app does not show now. */
    wrong: () => (codeOf(stepNow()) === '000000' ? '111111' : '000000'),
  };
}

/** Gives the password on the login page; the code step follows. */
async function givePassword(page: Page, username: string) {
  await page.goto('/login');
  const form = page.locator('main');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill('password123');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(form.getByLabel('Code', { exact: true })).toBeFocused();
  return form;
}

test('a member turns two-step sign-in on in Settings, saves the backup codes and logs in with a code from the app', async ({ page }) => {
  test.setTimeout(60_000);
  await openApp(page);
  const username = await signUp(page, newUsername('totp'));
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set up' }).click();

  await expect(section.getByRole('heading', { name: 'Set up your authenticator app' })).toBeFocused();
  await expect(section.getByRole('img', { name: 'QR code to add your Quorum account to an authenticator app' })).toBeVisible();
  // The key as typed into an app: 32 base32 letters in groups of four.
  const key = (await section.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/).textContent())?.replace(/ /g, '') ?? '';
  expect(key).toHaveLength(32);
  const app = authenticator(key);

  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page, 'the two-step setup');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveScreen(page, `settings-two-step-setup-${width}-${colorScheme}`, { fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await section.getByLabel('Code from the app').fill(app.wrong());
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText(Messages.invalidSetupCode)).toBeVisible();
  await section.getByLabel('Code from the app').fill(app.next());
  await section.getByRole('button', { name: 'Turn on' }).click();

  const codes = section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCodes = await codes.allTextContents();
  for (const code of backupCodes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{2}$/);
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download .txt' }).click()]);
  expect(download.suggestedFilename()).toBe(`quorum-backup-codes-${username}.txt`);
  const saved = await readFile(await download.path(), 'utf8');
  for (const code of backupCodes) expect(saved).toContain(code);
  await expectNoSidewaysScroll(page, 'the backup codes');
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('10 backup codes left.')).toBeVisible();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(codes).toHaveCount(0);

  await logOut(page, username);
  const form = await givePassword(page, username);
  await expect(form.getByText('Lost your phone? Enter one of your backup codes.')).toBeVisible();
  await expect(form.getByLabel('Code', { exact: true })).toHaveAttribute('autocomplete', 'one-time-code');
  // No session before the code.
  expect((await page.request.get('/api/_user')).status()).toBe(401);
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page, 'the code step of the login');
    await saveScreen(page, `login-code-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByLabel('Code', { exact: true }).fill(app.next());
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();
  expect((await apiAs<{ username: string }>(page, 'GET', '/api/_user')).username).toBe(username);
});

test('a member logs in with a backup code, which works once', async ({ page }) => {
  await openApp(page);
  const username = await signUp(page, newUsername('backup'));
  const setup = await apiAs<TwoStepSetup>(page, 'POST', '/api/two_step/_setup');
  const { backupCodes } = await apiAs<BackupCodes>(page, 'POST', '/api/two_step/_enable', { code: authenticator(setup.secret).next() });
  const backupCode = backupCodes[0] ?? '';
  await logOutViaApi(page);

  let form = await givePassword(page, username);
  await form.getByRole('button', { name: 'Use a backup code' }).click();
  await expect(form.getByLabel('Code', { exact: true })).toHaveAttribute('inputmode', 'text');
  await form.getByLabel('Code', { exact: true }).fill(backupCode.toUpperCase());
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Two-step sign-in' }).getByText('9 backup codes left.')).toBeVisible();

  await logOutViaApi(page);
  form = await givePassword(page, username);
  await form.getByLabel('Code', { exact: true }).fill(backupCode);
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(form.getByRole('alert').filter({ hasText: Messages.invalidCode })).toBeVisible();
  expect((await page.request.get('/api/_user')).status()).toBe(401);

  // Back to the password, which is asked again.
  await form.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(form.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Username')).toHaveValue(username);
});
