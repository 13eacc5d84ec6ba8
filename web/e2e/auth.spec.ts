import { expect, test } from '@playwright/test';
import { logOut, logOutViaApi, newUsername, openApp, signUp, signUpInModal, waitForSaved } from './helpers.ts';

test('a visitor signs up, sees @username in the navbar, logs out and logs in again', async ({ page }) => {
  const username = newUsername();
  await page.goto('/');
  await signUpInModal(page, username);

  await page.reload();
  await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();

  await logOut(page, username);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill('password123');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();
});

test('a member logged out elsewhere who opens the login page gets its form, not sent on by the session the device kept', async ({ page }) => {
  const username = await signUp(page, newUsername('elsewhere'));
  await openApp(page);
  await waitForSaved(page, username);
  // Logged out by another tab or device: this one still holds the member's session.
  await logOutViaApi(page);
  await page.goto('/login');
  await expect(page.locator('main').getByLabel('Username')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the login form shows the spec messages', async ({ page }) => {
  const username = newUsername('wrongpw');
  await page.goto('/');
  await signUpInModal(page, username);
  await logOut(page, username);

  await page.goto('/login');
  const form = page.locator('main');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(form.getByText('Username and password empty.')).toBeVisible();

  await form.getByLabel('Username').fill(username);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(form.getByText('Password empty.')).toBeVisible();

  await form.getByLabel('Password', { exact: true }).fill('not the password');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(form.getByText('Username and password do not match.')).toBeVisible();
});

test('the signup form validates live and checks that the name is free', async ({ page }) => {
  const taken = newUsername('taken');
  await page.goto('/');
  await signUpInModal(page, taken);
  await logOut(page, taken);

  await page.getByRole('button', { name: 'Create account' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill('abc');
  await dialog.getByLabel('Password', { exact: true }).focus();
  await expect(dialog.getByText('Username too short.')).toBeVisible();

  await dialog.getByLabel('Username').fill(taken);
  await dialog.getByLabel('Password', { exact: true }).focus();
  await expect(dialog.getByText(`${taken} is already taken.`)).toBeVisible();

  await dialog.getByLabel('Password', { exact: true }).fill('short');
  await dialog.getByLabel('Repeat password').fill('different');
  await dialog.getByLabel('Email (optional)').focus();
  await expect(dialog.getByText('Password too weak.')).toBeVisible();
  await expect(dialog.getByText('Passwords do not match.')).toBeVisible();
});

test('protected pages send visitors to /login and back after logging in', async ({ page }) => {
  const username = newUsername('back');
  await page.goto('/');
  await signUpInModal(page, username);
  await logOut(page, username);

  for (const path of ['/new', '/notifications', '/admin']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}`));
  }

  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings/);
  const form = page.locator('main');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill('password123');
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});

test('the signup form states the length rules before anything is typed', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Username')).toHaveAccessibleDescription('4 to 21 letters, digits and underscores.');
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('At least 8 characters.');
});
