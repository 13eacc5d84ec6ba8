import { expect, test, type Page } from '@playwright/test';
import { apiAs, createListAs, logOutViaApi, newUsername } from './helpers.ts';
import { newUser, postPath, seedComment, seedPost } from './post-helpers.ts';

test.use({ viewport: { width: 1280, height: 800 } });

function alerts(page: Page) {
  return page.getByRole('status').or(page.getByRole('alert'));
}

test('offers a new user their Bookmarks list, saves a post to a new list from its card and finds it on the list page', async ({ page }) => {
  const { community, post } = await seedPost(page, 'A post worth keeping for later');
  const username = await newUser(page, 'saver');
  await page.goto(`/${community.name}`);
  const card = page.locator('article.post-card', { hasText: post.title });
  await card.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Save' }).click();

  const dialog = page.getByRole('dialog', { name: 'Save to list' });
  // Every account starts with a private Bookmarks list, so there is somewhere to save to.
  await expect(dialog.getByRole('checkbox')).toHaveCount(1);
  await expect(dialog.getByRole('checkbox', { name: /Bookmarks/ })).not.toBeChecked();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Bookmarks' })).toContainText('Private');
  await dialog.getByRole('button', { name: 'New list' }).click();
  const form = page.getByRole('dialog', { name: 'New list' });
  // Spaces become dashes and other characters cannot be typed into the name.
  await form.getByLabel('Name', { exact: true }).fill('read later!');
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('read-later');
  await form.getByLabel('Display name (optional)').fill('Read later');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(alerts(page).getByText('List created!')).toBeVisible();
  await expect(alerts(page).getByText('Saved to Read later')).toBeVisible();

  // Back in the list choice, the new list is ticked and Bookmarks is not; unticking removes the post again.
  await expect(dialog.getByRole('checkbox', { name: /Read later/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Bookmarks/ })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: /Read later/ }).uncheck();
  await expect(alerts(page).getByText('Removed from Read later')).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Read later/ }).check();
  await expect(dialog.getByRole('checkbox', { name: /Read later/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The sidebar's My Lists leads to the list, which shows the post.
  const myLists = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('region', { name: 'My Lists' });
  await myLists.getByRole('link', { name: 'Read later' }).click();
  await expect(page).toHaveURL(new RegExp(`/@${username}/lists/read-later$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Read later' })).toBeVisible();
  await expect(page.getByRole('link', { name: post.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'About this list' }).first()).toContainText('Items');
  // A vote on the saved post shows on the list page.
  const saved = page.locator('article.post-card', { hasText: post.title });
  await saved.getByRole('button', { name: 'Upvote' }).click();
  await expect(saved.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  await expect(saved.locator('.votes__score')).toHaveText('2 points');

  await page.goto(`/@${username}/lists`);
  await expect(page.getByRole('heading', { level: 1, name: 'My lists' })).toBeVisible();
  await expect(page.locator('.list-row__title')).toHaveText(['Read later', 'Bookmarks']);
  await expect(page.getByRole('main').getByText('1 item')).toBeVisible();

  // A list made on this page shows at once, first, here and in the sidebar, from the lists the
  // creation answered: they are not read again.
  const listsRead: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/users/${username}/lists`) listsRead.push(request.url());
  });
  await page.getByRole('button', { name: 'New list' }).click();
  const another = page.getByRole('dialog', { name: 'New list' });
  await another.getByLabel('Name', { exact: true }).fill('weekend');
  await another.getByRole('button', { name: 'Create' }).click();
  await expect(another).toBeHidden();
  await expect(page.locator('.list-row__title')).toHaveText(['weekend', 'Read later', 'Bookmarks']);
  await expect(myLists.getByRole('link', { name: 'weekend' })).toBeVisible();
  expect(listsRead).toEqual([]);
});

test("the post page's Save says Saved, pressed, while the post is in one of the user's lists, without changing size", async ({ page }) => {
  const { post } = await seedPost(page, 'A post that shows it is saved');
  const username = await newUser(page, 'marker');
  await createListAs(page, username, { name: 'later', displayName: 'Later' });
  await page.goto(postPath(post));
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await expect(save).toHaveText('Save');
  // Measured in the page's own font, which loads after the first paint.
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  const unsavedBox = await save.boundingBox();

  await save.click();
  const dialog = page.getByRole('dialog', { name: 'Save to list' });
  await dialog.getByRole('checkbox', { name: /Later/ }).check();
  // Shown behind the dialog as soon as it is ticked.
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(save).toHaveText('Saved');
  await expect(alerts(page).getByText('Saved to Later')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const savedBox = await save.boundingBox();
  expect(savedBox?.width).toBe(unsavedBox?.width);
  expect(savedBox?.x).toBe(unsavedBox?.x);

  // The server's saved marks give the same state after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(save).toHaveText('Saved');

  await save.click();
  await dialog.getByRole('checkbox', { name: /Later/ }).uncheck();
  await expect(alerts(page).getByText('Removed from Later')).toBeVisible();
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await expect(save).toHaveText('Save');
});

test('saves a comment from its menu and the owner removes it from the list', async ({ page }) => {
  const { post } = await seedPost(page, 'A thread with a comment to keep');
  await seedComment(page, post, 'This is the comment to keep.');
  const username = await newUser(page, 'keeper');
  const list = await createListAs(page, username, { name: 'gems', displayName: 'Gems' });

  await page.goto(postPath(post));
  const comment = page.locator('li.comment', { hasText: 'This is the comment to keep.' });
  await comment.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to list' });
  await dialog.getByRole('checkbox', { name: /Gems/ }).check();
  await expect(alerts(page).getByText('Saved to Gems')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/@${username}/lists/${list.name}`);
  await expect(page.getByText('This is the comment to keep.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove this comment from the list' }).click();
  await expect(alerts(page).getByText('Removed from Gems')).toBeVisible();
  await expect(page.getByText('Nothing to show')).toBeVisible();
});

test('an item removed from a list while offline leaves the page at once and the list when back online', async ({ page, context }) => {
  const { post } = await seedPost(page, 'A post to drop from a list offline');
  const username = await newUser(page, 'dropper');
  const list = await createListAs(page, username, { name: 'maybe', displayName: 'Maybe', public: true });
  await apiAs(page, 'POST', `/api/lists/${list.id}/items`, { targetId: post.id, targetType: 'post' });

  await page.goto(`/@${username}/lists/${list.name}`);
  await expect(page.getByRole('link', { name: post.title })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Remove this post from the list' }).click();
  await expect(page.getByText('Nothing to show')).toBeVisible();
  await expect(page.getByTestId('outbox-waiting')).toContainText('1 change is waiting to be sent');
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-waiting')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('Nothing to show')).toBeVisible();
  const items = await apiAs<{ items: unknown[] }>(page, 'GET', `/api/users/${username}/lists/${list.name}/items`);
  expect(items.items).toHaveLength(0);
});

test('the owner sorts and filters lists, edits one, clears it after confirming and deletes it', async ({ page }) => {
  const { post } = await seedPost(page, 'Something for the owner tools');
  const username = await newUser(page, 'owner');
  await apiAs(page, 'POST', `/api/users/${username}/lists`, { name: 'zebra', displayName: 'Zebra things', public: true });
  const alpha = await createListAs(page, username, { name: 'alpha', displayName: 'Alpha things' });
  await apiAs(page, 'POST', `/api/lists/${alpha.id}/items`, { targetId: post.id, targetType: 'post' });

  await page.goto(`/@${username}/lists`);
  const rows = page.locator('.list-row__title');
  await expect(rows).toHaveText(['Alpha things', 'Zebra things', 'Bookmarks']);
  await page.getByLabel('Sort lists by').selectOption('name');
  await expect(rows).toHaveText(['Alpha things', 'Bookmarks', 'Zebra things']);
  await page.getByRole('tab', { name: 'Public' }).click();
  await expect(rows).toHaveText(['Zebra things']);
  await page.getByRole('tab', { name: 'Private' }).click();
  await expect(rows).toHaveText(['Alpha things', 'Bookmarks']);
  await expect(page).toHaveURL(/sort=name/);

  // A name already given to another list is refused when the field is left.
  await page.getByRole('button', { name: 'New list' }).click();
  const form = page.getByRole('dialog', { name: 'New list' });
  await form.getByLabel('Name', { exact: true }).fill('Zebra');
  await form.getByLabel('Display name (optional)').focus();
  await expect(form.getByText('List with name Zebra already exists.')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('main').getByRole('link', { name: 'Alpha things' }).click();
  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit list' });
  await edit.getByLabel('Name', { exact: true }).fill('first');
  await edit.getByLabel('Display name (optional)').fill('First things');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/@${username}/lists/first$`));
  await expect(page.getByRole('heading', { level: 1, name: 'First things' })).toBeVisible();

  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Remove all items' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove all items?' });
  await expect(confirm.getByText('Are you sure you want to remove all items from the list?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove all' }).click();
  await expect(page.getByText('Nothing to show')).toBeVisible();

  await page.getByRole('button', { name: 'List options' }).click();
  await page.getByRole('menuitem', { name: 'Delete list' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete list?' });
  await expect(remove.getByText('Are you sure you want to delete the list?')).toBeVisible();
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/@${username}/lists$`));
  await expect(rows).toHaveText(['Zebra things', 'Bookmarks']);
});

test('a private list is not found for another user, a public one is shown without the owner tools', async ({ page }) => {
  const owner = await newUser(page, 'private');
  await apiAs(page, 'POST', `/api/users/${owner}/lists`, { name: 'secret', displayName: 'Secret list' });
  await apiAs(page, 'POST', `/api/users/${owner}/lists`, { name: 'shared', displayName: 'Shared list', public: true });
  await page.goto(`/@${owner}/lists/secret`);
  await expect(page.getByRole('heading', { level: 1, name: 'Secret list' })).toBeVisible();

  await newUser(page, 'snoop');
  await page.goto(`/@${owner}/lists/secret`);
  await expect(page.getByRole('heading', { name: '404: Not found!' })).toBeVisible();
  await page.goto(`/@${owner}/lists`);
  await expect(page.getByRole('link', { name: 'Shared list' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Secret list' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Private' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New list' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Shared list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shared list' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'List options' })).toHaveCount(0);

  await page.goto(`/@${newUsername('nobody')}/lists/anything`);
  await expect(page.getByRole('heading', { name: '404: Not found!' })).toBeVisible();
});

test('visitors asked to save or report a post get the login prompt', async ({ page }) => {
  const { post } = await seedPost(page, 'Visitors cannot save this');
  await logOutViaApi(page);
  await page.goto(postPath(post));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Login to continue' })).toBeVisible();
});
