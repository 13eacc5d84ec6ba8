import { expect, test, type Page } from '@playwright/test';
import { createCommunity, createTextPost, seedPosts, setDevicePreferences } from './feed-helpers.ts';
import { ADMIN, apiAs, logIn, newUsername, signUp, waitForSaved } from './helpers.ts';

function feedOf(page: Page, communityName: string) {
  return page.getByRole('list', { name: `Posts in /${communityName}` });
}

async function logOutApi(page: Page) {
  await apiAs(page, 'POST', '/api/_login?action=logout');
}

test('posts show as cards and as compact rows, and the layout choice stays', async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page);
  await createTextPost(page, community.name, 'A post about layouts', 'Some **markdown** in the body.');

  await page.goto(`/${community.name}`);
  const feed = feedOf(page, community.name);
  const post = feed.getByRole('article', { name: 'A post about layouts' });
  await expect(post).toBeVisible();
  await expect(feed).toHaveClass(/feed--card/);
  await expect(post.getByText('markdown')).toBeVisible();
  await expect(post.getByRole('link', { name: `@${ADMIN.username}` })).toHaveAttribute('href', `/@${ADMIN.username}`);

  await page.getByRole('button', { name: 'Compact' }).click();
  await expect(feed).toHaveClass(/feed--compact/);
  await expect(page.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');
  await expect(post).toBeVisible();
  // Compact rows leave the body out.
  await expect(post.getByText('markdown')).toHaveCount(0);

  await page.reload();
  await expect(feedOf(page, community.name)).toHaveClass(/feed--compact/);

  // The title opens the post page.
  await page.getByRole('button', { name: 'Cards' }).click();
  const link = feedOf(page, community.name).getByRole('link', { name: 'A post about layouts' });
  await expect(link).toHaveAttribute('href', new RegExp(`^/${community.name}/post/\\w+$`));

  // The same post is in the All feed, with its community.
  await page.goto('/all');
  const inAll = page.getByRole('article', { name: 'A post about layouts' });
  await expect(inAll).toBeVisible();
  await expect(inAll.getByRole('link', { name: community.name })).toHaveAttribute('href', `/${community.name}`);
});

test('visitors see the sign-up card and the feed switch; the sort goes in the URL', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Join the discussion' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create new account' })).toBeVisible();
  await page.getByRole('link', { name: 'All', exact: true }).first().click();
  await expect(page).toHaveURL(/\/all$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All' })).toBeVisible();

  await page.getByLabel('Sort posts by').selectOption('latest');
  await expect(page).toHaveURL(/\/all\?sort=latest$/);
  await expect(page.getByLabel('Sort posts by')).toHaveValue('latest');
  await page.getByLabel('Sort posts by').selectOption('week');
  await expect(page).toHaveURL(/sort=week/);
  await expect(page.getByLabel('Sort posts by').locator('option:checked')).toHaveText('Top week');
});

test('voting changes the score at once and keeps it; visitors are asked to log in', async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page);
  await createTextPost(page, community.name, 'Vote on this post');
  await logOutApi(page);

  await page.goto(`/${community.name}`);
  const post = feedOf(page, community.name).getByRole('article', { name: 'Vote on this post' });
  await expect(post.getByTestId('post-score')).toHaveText('1 points');
  await post.getByRole('button', { name: 'Upvote' }).click();
  await expect(page.getByRole('dialog', { name: 'Login to continue' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Login to continue' })).toHaveCount(0);

  await signUp(page, newUsername('voter'));
  await page.reload();
  const upvote = post.getByRole('button', { name: 'Upvote' });
  await upvote.click();
  await expect(post.getByTestId('post-score')).toHaveText('2 points');
  await expect(upvote).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(post.getByTestId('post-score')).toHaveText('2 points');
  await post.getByRole('button', { name: 'Downvote' }).click();
  await expect(post.getByTestId('post-score')).toHaveText('0 points');
  await expect(post.getByRole('button', { name: 'Downvote' })).toHaveAttribute('aria-pressed', 'true');
  await expect(upvote).toHaveAttribute('aria-pressed', 'false');
});

test('infinite scroll loads the next page near the end; with it turned off a More button does', async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page);
  await seedPosts(page, community.name, 15);

  await page.goto(`/${community.name}?sort=latest`);
  const items = feedOf(page, community.name).locator(':scope > li');
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText('Seeded post 15');
  // Items far below the screen wait to be rendered.
  expect(await feedOf(page, community.name).getByRole('article').count()).toBeLessThan(10);
  await expect(page.getByText('No more posts')).toHaveCount(0);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(items).toHaveCount(15);
  await expect(page.getByText('No more posts')).toBeAttached();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByText('No more posts')).toBeInViewport();
  await expect(feedOf(page, community.name).getByRole('article', { name: 'Seeded post 1', exact: true })).toBeVisible();

  await setDevicePreferences(page, { feed_layout: 'card', infinite_scrolling_disabled: true });
  // A reload keeps the pages already seen (saved for offline use); another sort starts from its first page.
  await waitForSaved(page, '"Seeded post 1"');
  await page.reload();
  await expect(items).toHaveCount(15);
  await page.goto(`/${community.name}?sort=hot`);
  await expect(items).toHaveCount(10);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const more = page.getByRole('button', { name: 'More', exact: true });
  await expect(more).toBeVisible();
  await expect(items).toHaveCount(10);
  await more.click();
  await expect(items).toHaveCount(15);
  await expect(page.getByText('No more posts')).toBeVisible();
});

test('a post can be hidden with Undo, its link copied, and its author muted', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page);
  await createTextPost(page, community.name, 'Hide this post');
  await logOutApi(page);
  const author = newUsername('author');
  await signUp(page, author);
  await createTextPost(page, community.name, 'A post by someone to mute');
  await logOutApi(page);
  await logIn(page, ADMIN.username, ADMIN.password);

  await page.goto(`/${community.name}`);
  const feed = feedOf(page, community.name);
  const post = feed.getByRole('article', { name: 'Hide this post' });
  await post.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied to clipboard.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`/${community.name}/post/\\w+$`));

  await post.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  await expect(feed.getByText('Hidden post')).toBeVisible();
  await expect(post).toHaveCount(0);
  await feed.getByRole('button', { name: 'Undo' }).click();
  await expect(post).toBeVisible();

  await post.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  await expect(feed.getByText('Hidden post')).toBeVisible();
  await page.reload();
  await expect(feed.getByRole('article', { name: 'A post by someone to mute' })).toBeVisible();
  await expect(feed.getByRole('article', { name: 'Hide this post' })).toHaveCount(0);

  const other = feed.getByRole('article', { name: 'A post by someone to mute' });
  await other.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: `Mute @${author}` }).click();
  await expect(page.getByText(`Posts from @${author} won't appear on any of your feeds from now on.`)).toBeVisible();
  await expect(other).toHaveCount(0);
});

test('moderators find a Moderating feed in the sidebar with the posts of their communities', async ({ page }) => {
  await signUp(page);
  await page.goto('/');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link', { name: 'Communities' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Moderating' })).toHaveCount(0);
  await logOutApi(page);

  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page);
  await createTextPost(page, community.name, 'A post for the mods');
  await page.goto('/');
  await sidebar.getByRole('link', { name: 'Moderating' }).click();
  await expect(page).toHaveURL(/\/moderating$/);
  await expect(page.getByRole('heading', { name: 'Moderating', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Moderating posts' }).getByRole('article', { name: 'A post for the mods' })).toBeVisible();
});
