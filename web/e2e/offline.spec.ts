import { expect, test } from '@playwright/test';

test('after one online visit the app still opens offline, with the Offline page when no data was saved', async ({ page, context }) => {
  await page.goto('/about');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });

  // Without the data saved for offline use, only the shell opens. The data is deleted from a page
  // of the server that does not run the app, so that nothing saves it again before the app reopens.
  await page.goto('/api/_health');
  const deleted = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const request = indexedDB.deleteDatabase('quorum-cache');
        request.onsuccess = () => resolve('deleted');
        request.onerror = () => resolve('error');
        request.onblocked = () => resolve('blocked');
      }),
  );
  expect(deleted).toBe('deleted');
  await context.setOffline(true);
  await page.goto('/about');
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(await page.content()).not.toContain('ERR_INTERNET_DISCONNECTED');
  // The shell itself comes from the cache; without the API the app says it is offline.
  await expect(page.getByText("You're offline")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText("You're offline")).toHaveCount(0);
});
