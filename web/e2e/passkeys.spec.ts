import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, expectNoSidewaysScroll, logOut, newUsername, openApp, saveScreen, signUp } from './helpers.ts';

/**
 * A page of its own at http://localhost:<port>: the server's address for WebAuthn (no PUBLIC_URL,
 * so its relying party is localhost), where the runs' 127.0.0.1 cannot be one (an IP address is no
 * relying party id). Its browser holds a virtual authenticator, as a laptop with a fingerprint
 * reader would: resident keys, the member verified at each use.
 */
async function pageWithAuthenticator(browser: Browser, baseURL: string | undefined) {
  const address = new URL(baseURL ?? 'http://127.0.0.1:3107');
  address.hostname = 'localhost';
  const context = await browser.newContext({ baseURL: address.origin, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { page, credentials, close: () => context.close() };
}

const passkeyRows = (page: Page) => page.getByRole('list', { name: 'Passkeys', exact: true }).getByRole('listitem');

test('a member adds a passkey in Settings, logs out, signs in with it, then renames and removes it', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const { page, credentials, close } = await pageWithAuthenticator(browser, baseURL);
  try {
    await openApp(page);
    const username = await signUp(page, newUsername('pk'));
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Passkeys', exact: true });
    await expect(section.getByText('No passkeys yet: a passkey lets your device')).toBeVisible();

    // Signing up was a check of who they are: the passkey is made at once, without the password.
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(section.getByRole('status').filter({ hasText: /^Passkey added as “.+”\. Rename it if you like\.$/ })).toBeVisible();
    await expect(passkeyRows(page)).toHaveCount(1);
    await expect(passkeyRows(page).first()).toContainText(/Added .* · never used/);
    const [stored] = await credentials();
    expect(stored).toMatchObject({ rpId: 'localhost', isResidentCredential: true });

    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(passkeyRows(page)).toHaveCount(1);
      await expectNoSidewaysScroll(page, 'the passkeys of settings');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await saveScreen(page, `settings-passkeys-${width}-${colorScheme}`, { fullPage: true });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Logged out, they sign in on the login page with the passkey alone.
    await logOut(page, username);
    await page.goto('/login');
    await page.locator('main').getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();
    expect((await apiAs<{ username: string }>(page, 'GET', '/api/_user')).username).toBe(username);

    // And again from the Login dialog.
    await logOut(page, username);
    await page.getByRole('button', { name: 'Login' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();

    // Renamed in place: Escape leaves the name as it was, Save keeps the new one.
    await page.goto('/settings');
    const row = passkeyRows(page).first();
    await expect(row).toContainText(/last used/);
    await row.getByRole('button', { name: 'Rename' }).click();
    const nameField = row.getByLabel('Passkey name');
    await expect(nameField).toBeFocused();
    await nameField.fill('Changed my mind');
    await nameField.press('Escape');
    await expect(row.getByRole('button', { name: 'Rename' })).toBeFocused();
    await expect(row).not.toContainText('Changed my mind');
    await row.getByRole('button', { name: 'Rename' }).click();
    await row.getByLabel('Passkey name').fill('   ');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByText('Give the passkey a name.')).toBeVisible();
    await row.getByLabel('Passkey name').fill('  Work laptop ');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByRole('button', { name: 'Rename' })).toBeFocused();
    await expect(row).toContainText('Work laptop');
    await page.reload();
    await expect(passkeyRows(page).first()).toContainText('Work laptop');

    // Removed after a confirmation (the passkey sign-in was a recent check of who they are).
    await passkeyRows(page).first().getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await expect(confirm).toContainText('You will no longer be able to sign in with “Work laptop”.');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(section.getByRole('status').filter({ hasText: 'Removed “Work laptop”.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Passkeys', exact: true })).toBeFocused();
    await expect(section.getByText('No passkeys yet: a passkey lets your device')).toBeVisible();
    expect((await apiAs<{ passkeys: unknown[] }>(page, 'GET', '/api/passkeys')).passkeys).toEqual([]);

    // The device still holds the passkey, but the site no longer takes it: the login form says so.
    await logOut(page, username);
    await page.goto('/login');
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(main.getByRole('alert').filter({ hasText: 'This passkey is not registered here' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
  } finally {
    await close();
  }
});
