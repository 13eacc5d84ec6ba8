// The key journeys on a phone (the `phone` project: 390×844, touch, a phone's user agent), where
// the app is installed: reading, signing up, posting, commenting, voting, notifications, and
// reading and voting offline.
import { expect, test, type Page } from '@playwright/test';
import type { NotificationsPage } from '@quorum/shared/entities/notifications';
import type { Post } from '@quorum/shared/entities/posts';
import { apiAs, logOutViaApi, newUsername, openApp, waitForSaved } from './helpers.ts';
import { commentItem, newUser, openPost, postPath, seedComment, seedPost, switchTo } from './post-helpers.ts';

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Primary' });

test('a visitor reads a post from the feed and signs up when asked to log in to vote', async ({ page }) => {
  const { community, post } = await seedPost(page, 'Read on a phone');
  await logOutViaApi(page);
  // Once the app has taken the drawn page over (before, its links are plain links: New post leads
  // to the login page).
  await openApp(page, `/${community.name}`);
  // New post needs an account: a visitor gets the prompt, and stays where they were.
  await tabBar(page).getByRole('link', { name: 'New post' }).tap();
  const newPostPrompt = page.getByRole('dialog', { name: 'Login to continue' });
  await expect(newPostPrompt).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${community.name}$`));
  await newPostPrompt.getByRole('button', { name: 'Close' }).tap();
  await expect(newPostPrompt).toHaveCount(0);

  await page.getByRole('link', { name: post.title }).first().tap();
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();

  await page.getByRole('button', { name: 'Upvote' }).first().tap();
  const prompt = page.getByRole('dialog', { name: 'Login to continue' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Signup' }).tap();
  const form = page.getByRole('dialog');
  const username = newUsername('phone');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill('password123');
  await form.getByLabel('Repeat password').fill('password123');
  await form.getByRole('button', { name: /sign up|create account/i }).tap();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const upvote = page.getByRole('button', { name: 'Upvote' }).first();
  await upvote.tap();
  await expect(upvote).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await apiAs<Post>(page, 'GET', `/api/posts/${post.publicId}`)).userVotedUp).toBe(true);
});

test('a member posts from the tab bar, then comments and votes with taps', async ({ page }) => {
  const { community } = await seedPost(page, 'A post so the community has one');
  await newUser(page, 'phonepost');
  await page.goto('/');
  await tabBar(page).getByRole('link', { name: 'New post' }).tap();
  await expect(page.getByRole('heading', { name: 'Create a post' })).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Community' });
  await picker.tap();
  await picker.fill(community.name);
  await page.getByRole('option', { name: new RegExp(community.name) }).first().tap();
  await page.getByLabel('Title', { exact: true }).fill('Written on a phone');
  await page.getByRole('button', { name: 'Post', exact: true }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Written on a phone' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Add a comment' }).fill('And a comment from the bus.');
  await page.getByRole('button', { name: 'Comment', exact: true }).tap();
  const comment = commentItem(page, 'And a comment from the bus.');
  await expect(comment).toBeVisible();
  const downvote = comment.getByRole('button', { name: 'Downvote' }).first();
  await downvote.tap();
  await expect(downvote).toHaveAttribute('aria-pressed', 'true');
});

test('a reply lights the Notifications tab, which opens the reply', async ({ page }) => {
  const { post } = await seedPost(page, 'Waiting for replies on a phone');
  const author = await newUser(page, 'phoneauthor');
  const mine = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'Any tips for tomatoes?', body: '', community: post.communityName });
  await newUser(page, 'phonereply');
  await seedComment(page, mine, 'Water them in the morning.');
  await switchTo(page, author);

  await page.goto('/');
  const tab = tabBar(page).getByRole('link', { name: /^Notifications \(\d+ new\)$/ });
  await expect(tab).toBeVisible({ timeout: 15_000 });
  await tab.tap();
  await expect(page).toHaveURL(/\/notifications$/);
  await page.getByRole('link', { name: /commented on your post/ }).first().tap();
  await expect(page.getByText('Water them in the morning.')).toBeVisible();
  const after = await apiAs<NotificationsPage>(page, 'GET', '/api/notifications');
  expect(after.items[0]?.seen).toBe(true);
});

test('a post read online opens offline, and a vote made offline is sent once back online', async ({ page, context }) => {
  const { post } = await seedPost(page, 'Read on the train');
  await newUser(page, 'phonetrain');
  await openPost(page, post);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await waitForSaved(page, post.title);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  const upvote = page.getByRole('button', { name: 'Upvote' }).first();
  await upvote.tap();
  await expect(upvote).toHaveAttribute('aria-pressed', 'true');

  await context.setOffline(false);
  await expect.poll(async () => (await apiAs<Post>(page, 'GET', `/api/posts/${post.publicId}`)).upvotes, { timeout: 15_000 }).toBe(2);
  await page.goto(postPath(post));
  await expect(page.getByRole('button', { name: 'Upvote' }).first()).toHaveAttribute('aria-pressed', 'true');
});
