import { expect, test, type Page } from '@playwright/test';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import { ADMIN, apiAs, logIn, logOutViaApi, makePng, newCommunityName, saveScreen } from './helpers.ts';
import { newUser } from './post-helpers.ts';

/** A user with a post and a comment under it, in a community the admin moderates. */
async function seedAuthor(page: Page) {
  await logOutViaApi(page);
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('pf'), about: 'Tomatoes, peppers and patience.' });
  const username = await newUser(page, 'prof');
  await apiAs(page, 'POST', '/api/_settings?action=updateProfile', { aboutMe: 'I grow **tomatoes** on a balcony.' });
  const post = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'My balcony harvest this year', body: 'Eleven tomatoes!', community: community.name });
  const comment = await apiAs<Comment>(page, 'POST', `/api/posts/${post.publicId}/comments`, { body: 'Next year: peppers too.', parentCommentId: null });
  return { community, username, post, comment };
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${where} at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
}

test('a profile shows the user, their posts and comments, filtered in the address', async ({ page }) => {
  const { community, username, post } = await seedAuthor(page);
  await logOutViaApi(page);

  // Username links lead to the profile.
  await page.goto(`/${community.name}/post/${post.publicId}`);
  await page.getByRole('link', { name: `@${username}` }).first().click();
  await expect(page).toHaveURL(new RegExp(`/@${username}$`));

  await expect(page.getByRole('heading', { level: 1, name: `@${username}` })).toBeVisible();
  const about = page.getByRole('complementary', { name: `About @${username}` });
  await expect(about.getByText('tomatoes')).toBeVisible();
  await expect(about.getByText('Points')).toBeVisible();
  await expect(about.getByText('Joined')).toBeVisible();

  const feed = page.getByRole('list', { name: `@${username}'s posts and comments` });
  await expect(feed.getByRole('heading', { name: 'My balcony harvest this year' })).toBeVisible();
  await expect(feed.getByText('Next year: peppers too.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Posts' }).click();
  await expect(page).toHaveURL(/\?filter=posts$/);
  await expect(page.getByRole('list', { name: `@${username}'s posts` }).getByRole('heading', { name: 'My balcony harvest this year' })).toBeVisible();
  await expect(page.getByText('Next year: peppers too.')).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Comments' }).click();
  await expect(page).toHaveURL(/\?filter=comments$/);
  await page.reload();
  await expect(page.getByRole('list', { name: `@${username}'s comments` }).getByText('Next year: peppers too.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My balcony harvest this year' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Comments' })).toHaveAttribute('aria-current', 'page');

  // The admin who created the community is shown as its moderator.
  await page.goto(`/@${ADMIN.username}`);
  const modOf = page.getByRole('region', { name: 'Moderator of' });
  await expect(modOf.getByRole('link', { name: `/${community.name}` })).toBeVisible();

  // Phones get Posts and About tabs.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/@${username}`);
  await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'About' }).click();
  await expect(page.getByText('I grow')).toBeVisible();
});

test('a vote on a post of a profile shows at once and is kept', async ({ page }) => {
  const { username } = await seedAuthor(page);
  await newUser(page, 'vot');
  await page.goto(`/@${username}?filter=posts`);
  const card = page.getByRole('article', { name: 'My balcony harvest this year' });
  await expect(card.getByTestId('post-score')).toHaveText(/^1 /);
  await card.getByRole('button', { name: 'Upvote' }).click();
  await expect(card.getByTestId('post-score')).toHaveText(/^2 /);
  await page.reload();
  await expect(page.getByRole('article', { name: 'My balcony harvest this year' }).getByTestId('post-score')).toHaveText(/^2 /);
  await page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(new RegExp(`/@${username}$`));
});

test('an unknown name shows the not-found page', async ({ page }) => {
  await page.goto('/@nobody_is_called_this');
  await expect(page.getByText('404: Not found!')).toBeVisible();
});

test('the owner changes and describes their profile picture from the profile', async ({ page }) => {
  const { username } = await seedAuthor(page);
  await page.goto(`/@${username}`);
  await page.getByRole('button', { name: 'Edit profile picture' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload picture' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(120, 120, [200, 60, 90]) });
  await expect(page.locator('.profile-header img.avatar')).toBeVisible();
  await page.reload();
  await expect(page.locator('.profile-header').getByRole('img', { name: `Profile picture of @${username}` })).toBeVisible();

  await page.getByRole('button', { name: 'Edit profile picture' }).click();
  await page.getByRole('menuitem', { name: 'Alt text' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile picture alt text' });
  // Opened from inside the picture's control, the dialog still reads like the page.
  await expect(dialog.getByText('Describe your picture for people who use screen readers.')).toBeVisible();
  await dialog.getByLabel('Alt text').fill('A red tomato on a balcony rail');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Alt text saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.profile-header').getByRole('img', { name: 'A red tomato on a balcony rail' })).toBeVisible();
  await page.reload();
  await expect(page.locator('.profile-header').getByRole('img', { name: 'A red tomato on a balcony rail' })).toBeVisible();

  // The picture removed in another tab: saving says there is none.
  await page.getByRole('button', { name: 'Edit profile picture' }).click();
  await page.getByRole('menuitem', { name: 'Alt text' }).click();
  await apiAs(page, 'DELETE', `/api/users/${username}/pro_pic`);
  await dialog.getByLabel('Alt text').fill('Gone by now');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('No profile picture to update.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.profile-header img.avatar')).toHaveCount(0);

  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Edit profile picture' }).click();
  await page.getByRole('menuitem', { name: 'Upload picture' }).click();
  await (await again).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(120, 120, [200, 60, 90]) });
  await expect(page.locator('.profile-header img.avatar')).toBeVisible();
  await page.getByRole('button', { name: 'Edit profile picture' }).click();
  await page.getByRole('menuitem', { name: 'Remove picture' }).click();
  await expect(page.locator('.profile-header img.avatar')).toHaveCount(0);
});

test('a reader who turns off profile pictures sees other users by their initial', async ({ page }) => {
  const { username, post } = await seedAuthor(page);
  await page.goto(`/@${username}`);
  await page.getByRole('button', { name: 'Edit profile picture' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload picture' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(120, 120, [40, 120, 200]) });
  await expect(page.locator('.profile-header img.avatar')).toBeVisible();

  await newUser(page, 'nopic');
  const postPage = `/${post.communityName}/post/${post.publicId}`;
  await page.goto(postPage);
  await expect(page.locator('.comment__author img.avatar')).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Show profile pictures' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.goto(postPage);
  await expect(page.locator('.comment__author .avatar--letter')).toHaveText(username.charAt(0).toUpperCase());
  await expect(page.locator('.comment__author img.avatar')).toHaveCount(0);
  await page.goto(`/@${username}`);
  await expect(page.locator('.profile-header .avatar--letter')).toBeVisible();
  await expect(page.locator('.profile-header img.avatar')).toHaveCount(0);

  await page.goto('/settings');
  await page.getByRole('switch', { name: 'Show profile pictures' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.goto(`/@${username}`);
  await expect(page.locator('.profile-header img.avatar')).toBeVisible();
});

test('settings are changed with one Save and kept after a reload', async ({ page }) => {
  await newUser(page, 'set');
  await page.goto('/settings');
  await page.getByLabel('Email').fill('not an email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();

  await page.getByLabel('Email').fill('grower@example.com');
  await page.getByLabel('About me').fill('Balcony gardener.');
  await page.getByLabel('Home feed').selectOption('subscriptions');
  await page.getByRole('switch', { name: 'Require alt text' }).check();
  await page.getByRole('switch', { name: 'Show embeds' }).uncheck();
  await page.getByRole('switch', { name: 'Reply notifications' }).uncheck();
  await page.getByRole('switch', { name: 'Upvote notifications' }).uncheck();
  await page.getByRole('switch', { name: 'Moderation notifications' }).uncheck();
  await page.getByRole('switch', { name: 'Announcements' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(page.getByText('All changes saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue('grower@example.com');
  await expect(page.getByLabel('About me')).toHaveValue('Balcony gardener.');
  await expect(page.getByLabel('Home feed')).toHaveValue('subscriptions');
  await expect(page.getByRole('switch', { name: 'Require alt text' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Show embeds' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Reply notifications' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Upvote notifications' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Moderation notifications' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Announcements' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Remember feed sort' })).not.toBeChecked();
});

test('leaving settings with unsaved changes asks first; Stay keeps them, Leave drops them', async ({ page }) => {
  await newUser(page, 'leave');
  await page.goto('/settings');
  await page.getByLabel('About me').fill('Half-written thoughts');
  await page.getByRole('switch', { name: 'Show embeds' }).uncheck();
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();

  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  const question = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
  await expect(question).toBeVisible();
  await expect(question.getByText('Your changes to these settings have not been saved and will be lost.')).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel('About me')).toHaveValue('Half-written thoughts');
  await expect(page.getByRole('switch', { name: 'Show embeds' })).not.toBeChecked();

  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings');
  await expect(page.getByLabel('About me')).toHaveValue('');
  await expect(page.getByRole('switch', { name: 'Show embeds' })).toBeChecked();

  // Saved changes leave freely.
  await page.getByLabel('About me').fill('Now saved');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All changes saved.')).toBeVisible();
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('the password is changed from settings, and a wrong current one is refused', async ({ page }) => {
  await newUser(page, 'pw');
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Change password' });
  await section.getByLabel('Current password').fill('wrong password');
  await section.getByLabel('New password', { exact: true }).fill('a brand new one');
  await section.getByLabel('Repeat new password').fill('a brand new one');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Incorrect previous password')).toBeVisible();
  await section.getByLabel('Current password').fill('password123');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other devices were logged out.')).toBeVisible();
});

test('deleting the account asks for the password and YES, logs out and hides the profile', async ({ page }) => {
  const { username, post, community } = await seedAuthor(page);
  await page.goto('/settings');
  await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete account' });
  await dialog.getByLabel('Password').fill('wrong password');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type YES to confirm').fill('YES');
  await confirm.click();
  await expect(dialog.getByText('Invalid password')).toBeVisible();

  await dialog.getByLabel('Password').fill('password123');
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();

  await page.goto(`/@${username}`);
  await expect(page.getByRole('heading', { name: 'Account deleted.' })).toBeVisible();
  // The post stays, its author shown as deleted.
  await page.goto(`/${community.name}/post/${post.publicId}`);
  await expect(page.getByRole('heading', { name: 'My balcony harvest this year' })).toBeVisible();
  await expect(page.getByText('[deleted]').first()).toBeVisible();
  await expect(page.getByRole('link', { name: `@${username}` })).toHaveCount(0);
});

test('a mute is undone from the menu where it was made and from settings', async ({ page }) => {
  const { username, community } = await seedAuthor(page);
  await newUser(page, 'mut');

  // A user: muted and unmuted from their profile's menu.
  await page.goto(`/@${username}`);
  await page.getByRole('button', { name: 'Profile options' }).click();
  await page.getByRole('menuitem', { name: `Mute @${username}` }).click();
  await expect(page.getByText(`Posts from @${username} won't appear on any of your feeds from now on.`)).toBeVisible();
  await page.getByRole('button', { name: 'Profile options' }).click();
  await page.getByRole('menuitem', { name: `Unmute @${username}` }).click();
  await expect(page.getByText(`Unmuted @${username}`)).toBeVisible();

  // A community: muted from its menu, unmuted from settings.
  await page.goto(`/${community.name}`);
  await page.getByRole('button', { name: 'Community options' }).click();
  await page.getByRole('menuitem', { name: `Mute /${community.name}` }).click();
  await expect(page.getByText(`Posts from /${community.name} won't appear on All anymore.`)).toBeVisible();
  // The user again, to be unmuted from settings.
  await page.goto(`/@${username}`);
  await page.getByRole('button', { name: 'Profile options' }).click();
  await page.getByRole('menuitem', { name: `Mute @${username}` }).click();
  await expect(page.getByText(`Posts from @${username} won't appear on any of your feeds from now on.`)).toBeVisible();

  await page.goto('/settings');
  const muted = page.getByRole('region', { name: 'Muted' });
  await expect(muted.getByRole('link', { name: `/${community.name}` })).toBeVisible();
  await expect(muted.getByRole('link', { name: `@${username}` })).toBeVisible();
  await muted.getByRole('button', { name: `Unmute /${community.name}` }).click();
  await expect(page.getByText(`Unmuted /${community.name}`)).toBeVisible();
  await muted.getByRole('button', { name: `Unmute @${username}` }).click();
  await expect(page.getByText(`Unmuted @${username}`)).toBeVisible();
  await expect(muted.getByText('No muted communities.')).toBeVisible();
  await expect(muted.getByText('No muted users.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Muted' }).getByText('No muted users.')).toBeVisible();
  await page.goto(`/${community.name}`);
  await page.getByRole('button', { name: 'Community options' }).click();
  await expect(page.getByRole('menuitem', { name: `Mute /${community.name}` })).toBeVisible();
});

test("a comment's author is muted and unmuted from the comment's menu", async ({ page }) => {
  const { username, community, post } = await seedAuthor(page);
  await newUser(page, 'cmu');
  await page.goto(`/${community.name}/post/${post.publicId}`);
  const comment = page.getByRole('article', { name: `Comment by @${username}` });
  await comment.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: `Mute @${username}` }).click();
  await expect(page.getByText(`Posts from @${username} won't appear on any of your feeds from now on.`)).toBeVisible();
  await expect(page.getByText('Comment by a muted user')).toBeVisible();
  await page.getByRole('button', { name: 'show' }).click();
  await comment.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: `Unmute @${username}` }).click();
  await expect(page.getByText(`Unmuted @${username}`)).toBeVisible();
  await expect(comment.getByText('Next year: peppers too.')).toBeVisible();
});

test('admins give and take away the supporter badge from the profile', async ({ page }) => {
  const { username } = await seedAuthor(page);
  await logOutViaApi(page);
  await logIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/@${username}`);
  await page.getByRole('button', { name: 'Profile options' }).click();
  await page.getByRole('menuitem', { name: 'Give supporter badge' }).click();
  await expect(page.getByRole('list', { name: 'Badges' }).getByText('Supporter')).toBeVisible();
  const adminView = page.getByRole('region', { name: 'Admin view' });
  await expect(adminView.getByText('Signed up from')).toBeVisible();
  await expect(adminView.getByText('127.0.0.1').first()).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Profile options' }).click();
  await page.getByRole('menuitem', { name: 'Remove supporter badge' }).click();
  await expect(page.getByRole('list', { name: 'Badges' })).toHaveCount(0);
});

test('profile and settings fit 320, 390 and 1280 px in both themes', async ({ page }) => {
  test.setTimeout(120_000);
  const { username } = await seedAuthor(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await page.goto(`/@${username}`);
      await expect(page.getByRole('heading', { level: 1, name: `@${username}` })).toBeVisible();
      await expect(page.getByText('My balcony harvest this year').first()).toBeVisible();
      await expectNoSidewaysScroll(page, 'the profile');
      await saveScreen(page, `profile-${width}-${theme}`, { fullPage: true });
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'settings');
      await saveScreen(page, `settings-${width}-${theme}`, { fullPage: true });
    }
  }
});
