import { expect, type Page } from '@playwright/test';

let counter = 0;
/** A username unique within the run (the e2e database is fresh each run). */
export function newUsername(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}_${Date.now() % 1_000_000}_${counter}`.slice(0, 21);
}

/** Signs up through the Create account modal and waits for the logged-in navbar. */
export async function signUpInModal(page: Page, username: string, password = 'password123') {
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email (optional)').fill(`${username}@example.com`);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Repeat password').fill(password);
  await dialog.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();
}

export async function logOut(page: Page, username: string) {
  await page.getByRole('button', { name: `@${username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
}
