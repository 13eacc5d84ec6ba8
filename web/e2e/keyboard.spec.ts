import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCommunity, seedPosts } from './feed-helpers.ts';
import { ADMIN, logIn, logOutViaApi, openApp } from './helpers.ts';
import { newUser, openPost, own, pinnedComment, seedChain, seedPost } from './post-helpers.ts';

function feedOf(page: Page, communityName: string) {
  return page.getByRole('list', { name: `Posts in /${communityName}` });
}

/** The item in focus is on screen and not under the sticky top bar. */
async function expectClearOfTheBars(page: Page, item: Locator) {
  await expect(item).toBeInViewport();
  const bar = await page.locator('header.navbar').boundingBox();
  const box = await item.boundingBox();
  if (!bar || !box) throw new Error('the top bar or the item has no box');
  expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
}

test('j and k move through a feed, a upvotes the post in focus (kept after a reload) and o opens it', async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page);
  const posts = await seedPosts(page, community.name, 6, 'Keyboard post');
  await newUser(page, 'keys');

  await page.goto(`/${community.name}?sort=latest`);
  const feed = feedOf(page, community.name);
  const card = (title: string) => feed.getByRole('article', { name: title, exact: true });
  await expect(card('Keyboard post 1')).toBeVisible();

  await page.keyboard.press('j');
  await expect(card('Keyboard post 6')).toBeFocused();
  // The ring of :focus-visible shows which post the keys act on.
  await expect(card('Keyboard post 6')).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('j');
  await expect(card('Keyboard post 5')).toBeFocused();
  await page.keyboard.press('k');
  await expect(card('Keyboard post 6')).toBeFocused();

  // Down to the last post: the page scrolls, and the post stays clear of the top bar.
  for (const title of ['Keyboard post 5', 'Keyboard post 4', 'Keyboard post 3', 'Keyboard post 2', 'Keyboard post 1']) {
    await page.keyboard.press('j');
    await expect(card(title)).toBeFocused();
    await expectClearOfTheBars(page, card(title));
  }
  // At the end j stays put.
  await page.keyboard.press('j');
  await expect(card('Keyboard post 1')).toBeFocused();

  const last = card('Keyboard post 1');
  await expect(last.getByTestId('post-score')).toHaveText('1 points');
  const voted = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/_postVote' && answer.ok());
  await page.keyboard.press('a');
  await expect(last.getByTestId('post-score')).toHaveText('2 points');
  await expect(last.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  await voted;
  await expect(card('Keyboard post 2').getByTestId('post-score')).toHaveText('1 points');

  await page.reload();
  await expect(last.getByTestId('post-score')).toHaveText('2 points');
  await expect(last.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');

  // After the reload nothing is in focus: j starts from a post on screen, and o opens the one in focus.
  await page.keyboard.press('j');
  const focused = feed.getByRole('article').and(page.locator(':focus'));
  await expect(focused).toHaveCount(1);
  await expect(focused).toBeInViewport();
  const title = await focused.getByRole('heading', { level: 2 }).textContent();
  const opened = posts.find((post) => post.title === title);
  if (!opened) throw new Error(`the post in focus, ${title ?? 'untitled'}, was not made here`);
  await page.keyboard.press('o');
  await expect(page).toHaveURL(new RegExp(`/${community.name}/post/${opened.publicId}$`));
  await expect(page.getByRole('heading', { level: 1, name: opened.title })).toBeVisible();
});

test('on a post page j and k move through the post and its comments, c collapses, r replies, ? lists the keys, and typing is left alone', async ({ page }) => {
  const { post } = await seedPost(page, 'A post to read with the keyboard');
  await seedChain(page, post, 2, 'Key');
  await newUser(page, 'keys');
  await openPost(page, post);
  const top = await pinnedComment(page, 'Key 0 of the thread.');
  const middle = await pinnedComment(page, 'Key 1 of the thread.');
  const bottom = await pinnedComment(page, 'Key 2 of the thread.');
  const composer = page.getByRole('textbox', { name: 'Add a comment' });

  // With no comment in focus, r goes to the comment box.
  await page.keyboard.press('r');
  await expect(composer).toBeFocused();
  await expect(composer).toHaveValue('');
  await composer.blur();

  // The post comes first: a upvotes it, r goes to the comment box.
  await page.keyboard.press('j');
  const postArticle = page.getByRole('article', { name: post.title });
  await expect(postArticle).toBeFocused();
  const voted = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/_postVote' && answer.ok());
  await page.keyboard.press('a');
  await voted;
  await expect(postArticle.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('r');
  await expect(composer).toBeFocused();
  await composer.blur();
  await postArticle.focus();

  await page.keyboard.press('j');
  await expect(own(top)).toBeFocused();
  await expect(own(top)).toHaveAccessibleName(/^Comment by @/);
  await page.keyboard.press('j');
  await expect(own(middle)).toBeFocused();
  await page.keyboard.press('j');
  await expect(own(bottom)).toBeFocused();
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(own(top)).toBeFocused();

  // c folds the comment with its replies; j then skips them.
  await page.keyboard.press('c');
  await expect(top.locator(':scope > .comment__line')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Key 1 of the thread.')).toBeHidden();
  await expect(own(top)).toBeFocused();
  await page.keyboard.press('j');
  await expect(own(top)).toBeFocused();
  await page.keyboard.press('c');
  await expect(page.getByText('Key 1 of the thread.')).toBeVisible();

  // r opens the reply box of the comment in focus; Escape closes it again.
  await page.keyboard.press('j');
  await expect(own(middle)).toBeFocused();
  await page.keyboard.press('r');
  const replyBox = own(middle).getByRole('textbox', { name: /^Reply to/ });
  await expect(replyBox).toBeFocused();
  await expect(replyBox).toHaveValue('');
  await replyBox.press('Escape');
  await expect(replyBox).toHaveCount(0);

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Next post or comment')).toBeVisible();
  await expect(help.getByText('Go to settings')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Letters typed into the comment box are text.
  await composer.click();
  await composer.pressSequentially('jkacr?gn');
  await expect(composer).toHaveValue('jkacr?gn');
  await expect(composer).toBeFocused();
  await expect(help).toBeHidden();
  await expect(page.getByText('Key 1 of the thread.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/post/${post.publicId}$`));
});

test('g then n, s and h go to notifications, settings and home; the shortcuts can be turned off there', async ({ page }) => {
  const username = await newUser(page, 'keys');
  await page.goto('/');
  await expect(page.getByRole('button', { name: `@${username}` })).toBeVisible();

  await page.keyboard.press('g');
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/notifications$/);
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page).toHaveURL(/\/settings$/);

  const setting = page.getByRole('switch', { name: 'Keyboard shortcuts' });
  await expect(setting).toBeChecked();
  await setting.click();
  await expect(setting).not.toBeChecked();
  await setting.blur();
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await page.keyboard.press('?');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);

  await setting.click();
  await expect(setting).toBeChecked();
  await setting.blur();
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page).toHaveURL(/\/$/);
});

test("a visitor's a brings the login prompt, as the Upvote button does", async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page);
  await seedPosts(page, community.name, 1, 'Visitor key post');
  await logOutViaApi(page);

  // The visitor's page is drawn on the server: keys work once the app has taken it over.
  await openApp(page, `/${community.name}`);
  const card = feedOf(page, community.name).getByRole('article', { name: 'Visitor key post 1' });
  await expect(card).toBeVisible();
  await page.keyboard.press('j');
  await expect(card).toBeFocused();
  await page.keyboard.press('a');
  await expect(page.getByRole('dialog', { name: 'Login to continue' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Login to continue' })).toHaveCount(0);
  await expect(card.getByTestId('post-score')).toHaveText('1 points');
});
