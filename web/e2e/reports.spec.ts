import { expect, test } from '@playwright/test';
import { ApiError } from '@quorum/client/api-error';
import { CSRF_COOKIE } from '@quorum/shared/http-names';
import { apiAs, apiClientOver, waitForSaved } from './helpers.ts';
import { newUser, postPath, seedComment, seedPost } from './post-helpers.ts';

test.use({ viewport: { width: 1280, height: 800 } });

test('reports a post with one of the reasons; the API then has the report', async ({ page }) => {
  const { post } = await seedPost(page, 'A post that breaks the rules');
  await newUser(page, 'reporter');
  await page.goto(postPath(post));
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report post' });
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog.getByText('A report needs a reason.')).toBeVisible();
  await dialog.getByRole('radio', { name: /^Spam/ }).check();
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Thanks. The moderators will take a look.')).toBeVisible();

  // The report is stored: the same user cannot report the post again.
  const token = (await page.context().cookies()).find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? null;
  const client = await apiClientOver(page.request, token);
  const again = await client.report({ type: 'post', targetId: post.id, reason: 1 }).catch((error: unknown) => error);
  expect(again).toBeInstanceOf(ApiError);
  expect((again as ApiError).status).toBe(409);
  expect((again as ApiError).message).toBe('You have already reported this post');

  // The modal says so at once, without offering the reasons, and still does after a reload.
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog.getByText('You have already reported this post')).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Report', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await waitForSaved(page, `"reported","post","${post.id}"`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog.getByText('You have already reported this post')).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(0);
});

test('a post reported before, from another device, is refused in the modal in place of the reasons, which are not offered again', async ({ page }) => {
  const { post } = await seedPost(page, 'A post reported from a phone');
  await newUser(page, 'twice');
  await apiAs(page, 'POST', '/api/_report', { type: 'post', targetId: post.id, reason: 1 });
  await page.goto(postPath(post));
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report post' });
  await dialog.getByRole('radio', { name: /^Spam/ }).check();
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog.getByText('You have already reported this post')).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(dialog.getByText('You have already reported this post')).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(0);
});

test('reports a comment from its menu; nobody is offered to report their own', async ({ page }) => {
  const { post } = await seedPost(page, 'A thread with a rude comment');
  await seedComment(page, post, 'A rude comment by the admin.');
  const username = await newUser(page, 'flagger');
  await seedComment(page, post, `My own comment, ${username}.`);
  await page.goto(postPath(post));

  const own = page.locator('li.comment', { hasText: `My own comment, ${username}.` });
  await own.getByRole('button', { name: 'More options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Report' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const rude = page.locator('li.comment', { hasText: 'A rude comment by the admin.' });
  await rude.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report comment' });
  await dialog.getByRole('radio', { name: /^Harassment or hate/ }).check();
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(page.getByText('Thanks. The moderators will take a look.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A second report of the comment is not offered the reasons.
  await rude.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  await expect(dialog.getByText('You have already reported this comment')).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(0);
});
