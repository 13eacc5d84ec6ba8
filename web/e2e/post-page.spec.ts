import { expect, test } from '@playwright/test';
import type { Post } from '@quorum/shared/entities/posts';
import { ADMIN, apiAs } from './helpers.ts';
import { newUser, openPost, postPath, seedComment, seedPost, switchTo } from './post-helpers.ts';

test('an unknown post shows the not-found page', async ({ page }) => {
  await page.goto('/anything/post/nosuchid');
  await expect(page.getByText('404: Not found!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go home.' })).toBeVisible();
});

test("the address is rewritten, in place, to the post's real community", async ({ page }) => {
  const { post } = await seedPost(page);
  await page.goto('/about');
  await page.goto(`/wrongplace/post/${post.publicId}`);
  await expect(page).toHaveURL(new RegExp(`${postPath(post)}$`));
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
});

test('the share menu copies the link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { post } = await seedPost(page);
  await openPost(page, post);
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied to clipboard.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`${postPath(post)}$`));
});

test("the author deletes their post: told so, they land on the community's page, and the post's content is no longer shown", async ({ page }) => {
  const { community, post } = await seedPost(page);
  // The community's feed was seen with the post in it just before.
  await page.goto(`/${community.name}`);
  await expect(page.getByRole('article', { name: post.title })).toBeVisible();
  await page.getByRole('article', { name: post.title }).getByRole('link', { name: post.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page.getByText('Mine keeps')).toBeVisible();
  await page.getByRole('button', { name: 'Manage post' }).click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete' }).click();

  await expect(page.getByText('Post deleted.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${community.name}$`));
  await expect(page.getByRole('heading', { level: 1, name: community.name })).toBeVisible();
  await expect(page.getByRole('article', { name: post.title })).toHaveCount(0);

  await openPost(page, post);
  await expect(page.getByText('Deleted by author.')).toBeVisible();
  await expect(page.getByText('Mine keeps')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
});

test("a moderator who deletes someone else's post stays on its page, which shows it deleted", async ({ page }) => {
  const { community } = await seedPost(page);
  await newUser(page, 'spammer');
  const post = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'Cheap seeds, DM me', body: 'Buy now.', community: community.name });
  await switchTo(page, ADMIN.username, ADMIN.password);
  await openPost(page, post);
  await page.getByRole('button', { name: 'Manage post' }).click();
  await page.getByRole('menuitem', { name: 'Delete as mod' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted by mods.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${postPath(post)}$`));
  await expect(page.getByText('Post deleted.')).toHaveCount(0);
});

test('moderators lock, pin and announce from the manage menu', async ({ page }) => {
  const { post } = await seedPost(page);
  await openPost(page, post);
  const manage = page.getByRole('button', { name: 'Manage post' });

  await manage.click();
  await page.getByRole('menuitem', { name: 'Lock as mod' }).click();
  const lockDialog = page.getByRole('dialog', { name: 'Lock this post?' });
  await lockDialog.getByLabel('Reason (optional)').fill('Cooling off for a day.');
  await lockDialog.getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByText(/This post is locked by the moderators/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Post locked.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upvote' }).first()).toBeDisabled();
  await manage.click();
  await page.getByRole('menuitem', { name: 'Unlock' }).click();
  await expect(page.getByText(/This post is locked/)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Post unlocked.' })).toBeVisible();

  await manage.click();
  await page.getByRole('menuitem', { name: 'Pin in community' }).click();
  await expect(page.locator('.post-page .marker--pinned')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Post pinned in /${post.communityName}.` })).toBeVisible();
  await manage.click();
  await expect(page.getByRole('menuitem', { name: 'Unpin from community' })).toBeVisible();
  await page.keyboard.press('Escape');

  await manage.click();
  await page.getByRole('menuitem', { name: 'Announce' }).click();
  const dialog = page.getByRole('dialog', { name: 'Announce this post?' });
  await expect(dialog).toContainText('Are you sure? This will send a notification to all users.');
  await dialog.getByRole('button', { name: 'Announce' }).click();
  await expect(page.getByText('Announced to all users.')).toBeVisible();
  await manage.click();
  await page.getByRole('menuitem', { name: 'Announce' }).click();
  await page.getByRole('dialog', { name: 'Announce this post?' }).getByRole('button', { name: 'Announce' }).click();
  await expect(page.getByText('Already announced')).toBeVisible();
});

test('readers other than the author and the staff get no manage menu', async ({ page }) => {
  const { post } = await seedPost(page);
  await newUser(page);
  await openPost(page, post);
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage post' })).toHaveCount(0);
});

test('a YouTube link is embedded in the page and also offered as a link that opens in a new tab', async ({ page }) => {
  const { community } = await seedPost(page);
  const post = await apiAs<Post>(page, 'POST', '/api/posts', {
    type: 'link',
    title: 'Pruning tomatoes, the video',
    url: 'https://youtu.be/dQw4w9WgXcQ',
    community: community.name,
  });
  await openPost(page, post);
  const player = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]');
  await expect(player).toHaveCount(1);
  await expect(page.getByRole('link', { name: /youtu\.be/ })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: /youtu\.be/ })).toHaveAttribute('rel', /noopener/);

  // Readers who turned embeds off get the link only.
  await apiAs(page, 'POST', '/api/_settings?action=updateProfile', { embedsOff: true });
  await openPost(page, post);
  await expect(page.getByRole('link', { name: /youtu\.be/ })).toBeVisible();
  await expect(player).toHaveCount(0);
  await apiAs(page, 'POST', '/api/_settings?action=updateProfile', { embedsOff: false });
});

test('admins copy the ids of a post, a comment and a user; others are offered none', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { post } = await seedPost(page, 'A post whose id an admin needs');
  const comment = await seedComment(page, post, 'A comment whose id an admin needs.');
  const copied = () => page.evaluate(() => navigator.clipboard.readText());

  await openPost(page, post);
  await page.getByRole('button', { name: 'Manage post' }).click();
  await page.getByRole('menuitem', { name: 'Copy post ID' }).click();
  await expect(page.getByText(`ID ${post.id} copied to clipboard.`)).toBeVisible();
  expect(await copied()).toBe(post.id);

  await page.getByRole('article', { name: `Comment by @${ADMIN.username}` }).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Copy comment ID' }).click();
  expect(await copied()).toBe(comment.id);

  await page.goto(`/@${ADMIN.username}`);
  await page.getByRole('button', { name: 'Profile options' }).click();
  await page.getByRole('menuitem', { name: 'Copy user ID' }).click();
  expect(await copied()).toBe(comment.userId);

  await newUser(page, 'noids');
  await openPost(page, post);
  await page.getByRole('article', { name: `Comment by @${ADMIN.username}` }).getByRole('button', { name: 'More options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Copy link' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Copy comment ID' })).toHaveCount(0);
});
