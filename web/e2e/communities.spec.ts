import { expect, test, type Page } from '@playwright/test';
import { createCommunity, createTextPost } from './feed-helpers.ts';
import { ADMIN, apiAs, logIn, logOutViaApi, makePng, newCommunityName, newUsername, signUp } from './helpers.ts';

function sidebarCommunities(page: Page) {
  return page.getByRole('complementary', { name: 'Sidebar' }).getByRole('region', { name: 'My communities' });
}

/** A community's link in the sidebar, after showing the whole list (it shows 10 at first). */
async function sidebarCommunity(page: Page, name: string) {
  const more = sidebarCommunities(page).getByRole('button', { name: /^Show \d+ more$/ });
  if (await more.isVisible()) await more.click();
  return sidebarCommunities(page).getByRole('link', { name });
}

test('an admin creates a community from the communities page and lands on it', async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  await page.goto('/communities');
  await page.getByRole('button', { name: 'Create community' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create community' });

  await dialog.getByLabel('Name').fill('ab');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Name has to be at least 3 characters.')).toBeVisible();

  const name = newCommunityName('new');
  // Only letters, digits and underscores can be typed.
  await dialog.getByLabel('Name').fill(`${name}!? `);
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByLabel('Description').fill('A place to talk about tests.');
  await expect(dialog.getByText('28 / 500')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(new RegExp(`/${name}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Joined' })).toBeVisible();
  await expect(page.getByText('A place to talk about tests.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'MOD TOOLS' })).toHaveAttribute('href', `/${name}/modtools`);
  await expect(page.getByRole('link', { name: 'Create post' })).toHaveAttribute('href', `/new?community=${name}`);
  await expect(await sidebarCommunity(page, name)).toBeVisible();

  // The same name again is refused.
  await page.goto('/communities');
  await page.getByRole('button', { name: 'Create community' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(name.toUpperCase());
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog').getByText('A community by that name already exists.')).toBeVisible();
});

test('a new user without points learns the threshold before filling in the Create community form', async ({ page }) => {
  await signUp(page, newUsername('newbie'));
  await page.goto('/communities');
  await page.getByRole('button', { name: 'Create community' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create community' });
  await expect(dialog.getByText('You need at least 10 points to create a community. You have 1.')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  // The threshold is the site's setting, not a fixed number.
  await logOutViaApi(page);
  await logIn(page, ADMIN.username, ADMIN.password);
  await apiAs(page, 'PUT', '/api/site_settings', { communityCreateReqPoints: 3 });
  try {
    await logOutViaApi(page);
    await signUp(page, newUsername('newbie'));
    await page.goto('/communities');
    await page.getByRole('button', { name: 'Create community' }).click();
    await expect(dialog.getByText('You need at least 3 points to create a community. You have 1.')).toBeVisible();
  } finally {
    await logOutViaApi(page);
    await logIn(page, ADMIN.username, ADMIN.password);
    await apiAs(page, 'PUT', '/api/site_settings', { communityCreateReqPoints: 10 });
  }
});

test('a member joins and leaves a community; the member count and sidebar follow', async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page, newCommunityName('join'), 'Come **join** us.');
  await apiAs(page, 'POST', `/api/communities/${community.id}/rules`, { rule: 'Be kind', description: 'No insults.' });
  await createTextPost(page, community.name, 'Welcome to the community');
  await apiAs(page, 'POST', '/api/_login?action=logout');

  // Visitors are asked to log in.
  await page.goto(`/${community.name}`);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Login to continue' })).toBeVisible();
  await page.keyboard.press('Escape');

  await signUp(page, newUsername('member'));
  await page.reload();
  await expect(page.getByText('1 member', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rules' }).getByText('Be kind')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rules' }).getByText('No insults.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Moderators' }).getByRole('link', { name: `@${ADMIN.username}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /MOD TOOLS/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Joined' })).toBeVisible();
  await expect(page.getByText('2 members').first()).toBeVisible();
  await expect(sidebarCommunities(page).getByRole('link', { name: community.name })).toBeVisible();

  // The home feed now holds the community's posts.
  await page.goto('/subscriptions');
  await expect(page.getByRole('article', { name: 'Welcome to the community' })).toBeVisible();

  await page.goto(`/${community.name}`);
  await page.getByRole('button', { name: 'Joined' }).click();
  await expect(page.getByRole('button', { name: 'Join', exact: true })).toBeVisible();
  await expect(sidebarCommunities(page).getByRole('link', { name: community.name })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Join', exact: true })).toBeVisible();
});

test('a moderator confirms before leaving', async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page, newCommunityName('mod'));
  await page.goto(`/${community.name}`);

  await page.getByRole('button', { name: 'Joined' }).click();
  const dialog = page.getByRole('dialog', { name: `Leave /${community.name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Joined' })).toBeVisible();

  await page.getByRole('button', { name: 'Joined' }).click();
  await page.getByRole('dialog', { name: `Leave /${community.name}?` }).getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('button', { name: 'Join', exact: true })).toBeVisible();
  await expect(sidebarCommunities(page).getByRole('link', { name: community.name })).toHaveCount(0);
  // Still a moderator.
  await expect(page.getByRole('link', { name: 'MOD TOOLS' })).toBeVisible();
});

test('the communities page searches and sorts, keeping both in the URL', async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const prefix = `srch${Date.now().toString(36).slice(-4)}`;
  for (const suffix of ['beta', 'alpha', 'gamma']) await createCommunity(page, `${prefix}_${suffix}`);

  await page.goto('/communities');
  await expect(page.getByLabel('Sort communities by')).toHaveValue('size');
  await page.getByLabel('Search communities').fill(prefix);
  await expect(page).toHaveURL(new RegExp(`q=${prefix}`));
  const rows = page.getByRole('list', { name: 'Communities' }).getByRole('heading');
  await expect(rows).toHaveCount(3);

  await page.getByLabel('Sort communities by').selectOption('name_asc');
  await expect(page).toHaveURL(/sort=name_asc/);
  await expect(rows).toHaveText([`${prefix}_alpha`, `${prefix}_beta`, `${prefix}_gamma`]);
  await page.getByLabel('Sort communities by').selectOption('name_dsc');
  await expect(rows).toHaveText([`${prefix}_gamma`, `${prefix}_beta`, `${prefix}_alpha`]);

  await page.reload();
  await expect(page.getByLabel('Search communities')).toHaveValue(prefix);
  await expect(page.getByLabel('Sort communities by')).toHaveValue('name_dsc');
  await expect(rows).toHaveText([`${prefix}_gamma`, `${prefix}_beta`, `${prefix}_alpha`]);

  // Join from the list.
  const row = page.getByRole('article', { name: `${prefix}_beta` });
  await expect(row.getByRole('button', { name: 'Joined' })).toBeVisible();
  await page.getByLabel('Search communities').fill('');
  await expect(page).not.toHaveURL(/q=/);
});

test('an unknown community is the not-found page and fixed routes still win', async ({ page }) => {
  await page.goto('/no_such_community_x');
  await expect(page.getByText('404: Not found!')).toBeVisible();
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: /about/i })).toBeVisible();
});

test('a moderator uploads and removes the community icon and banner', async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page, newCommunityName('pic'));
  await page.goto(`/${community.name}`);
  const header = page.locator('.community-header');
  await expect(header.locator('img.avatar')).toHaveCount(0);

  await page.getByLabel('Upload icon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: makePng(256, 256, [40, 120, 220]) });
  await expect(header.locator('img.avatar')).toBeVisible();
  await expect((await sidebarCommunity(page, community.name)).locator('img')).toBeVisible();

  await page.getByLabel('Upload banner').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: makePng(1200, 300, [220, 120, 40]) });
  await expect(header.locator('.community-banner__image')).toBeVisible();

  // Removing asks first; cancelling keeps the banner.
  await page.getByRole('button', { name: 'Edit banner' }).click();
  await page.getByRole('menuitem', { name: 'Remove banner' }).click();
  const confirm = page.getByRole('dialog', { name: `Remove the banner of /${community.name}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(header.locator('.community-banner__image')).toBeVisible();
  await page.getByRole('button', { name: 'Edit banner' }).click();
  await page.getByRole('menuitem', { name: 'Remove banner' }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(header.locator('.community-banner__image')).toHaveCount(0);

  await page.getByLabel('Upload icon').setInputFiles({ name: 'bad.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByText('Unsupported image.')).toBeVisible();
});

test('on phones the community page has Posts and About tabs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await createCommunity(page, newCommunityName('tabs'), 'About the tabs.');
  await apiAs(page, 'POST', `/api/communities/${community.id}/rules`, { rule: 'Stay on topic' });
  await createTextPost(page, community.name, 'A post on a phone');
  await page.goto(`/${community.name}`);

  await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article', { name: 'A post on a phone' })).toBeVisible();
  await page.getByRole('tab', { name: 'Posts' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'About' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'About' })).toBeFocused();
  await expect(page.getByText('About the tabs.')).toBeVisible();
  await expect(page.getByText('Stay on topic')).toBeVisible();
  await expect(page.getByRole('article', { name: 'A post on a phone' })).toHaveCount(0);
});
