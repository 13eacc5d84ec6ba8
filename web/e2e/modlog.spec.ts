import { expect, test, type Page } from '@playwright/test';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import type { User } from '@quorum/shared/entities/users';
import { ADMIN, apiAs, logOutViaApi, newCommunityName, openApp, saveScreen } from './helpers.ts';
import { newUser, postPath, switchTo } from './post-helpers.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const REMOVAL_REASON = 'Advertising, posted three times today.';
const BAN_REASON = 'Insults in the comments after two warnings.';

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${where} at ${innerWidth} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
}

/**
 * A community made by the admin with a second mod, and a member's post in it; the mod removes the
 * post and bans the member for 7 days, each with a reason, through the screens.
 */
async function seedModeratedCommunity(page: Page): Promise<{ community: Community; post: Post; mod: string; member: string }> {
  await switchTo(page, ADMIN.username, ADMIN.password);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('ml'), about: 'Where moderation is logged.' });
  const mod = await newUser(page, 'mod');
  await switchTo(page, ADMIN.username, ADMIN.password);
  await apiAs<User[]>(page, 'POST', `/api/communities/${community.id}/mods`, { username: mod });

  const member = await newUser(page, 'member');
  await apiAs(page, 'POST', '/api/_joinCommunity', { communityId: community.id, leave: false });
  const post = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'Cheap followers, click here', body: 'Buy now.', community: community.name });

  await switchTo(page, mod);
  await page.goto(postPath(post));
  await page.getByRole('button', { name: 'Manage post' }).click();
  await page.getByRole('menuitem', { name: 'Delete as mod' }).click();
  const remove = page.getByRole('dialog', { name: 'Are you sure?' });
  await remove.getByLabel('Reason (optional)').fill(REMOVAL_REASON);
  const removal = page.waitForRequest((request) => request.method() === 'DELETE' && new URL(request.url()).pathname === `/api/posts/${post.publicId}`);
  await remove.getByRole('button', { name: 'Delete' }).click();
  expect((await removal).postDataJSON()).toEqual({ reason: REMOVAL_REASON });
  await expect(page.getByText('Deleted by mods.')).toBeVisible();

  await page.goto(`/${community.name}/modtools/banned`);
  const form = page.getByRole('form', { name: 'Ban a user' });
  await form.getByLabel('Ban a user').fill(member);
  await form.getByRole('button', { name: 'Ban' }).click();
  const ban = page.getByRole('dialog', { name: `Ban @${member} from /${community.name}?` });
  await ban.getByLabel('How long').selectOption('7');
  await ban.getByLabel('Reason (optional)').fill(BAN_REASON);
  const banned = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/api/communities/${community.id}/banned`));
  await ban.getByRole('button', { name: 'Ban' }).click();
  expect((await banned).postDataJSON()).toMatchObject({ username: member, reason: BAN_REASON });
  await expect(page.getByRole('status').filter({ hasText: `@${member} is banned from /${community.name} for 7 days.` })).toBeVisible();

  return { community, post, mod, member };
}

test("a visitor reads a community's moderation log: a removal and a ban with their reasons, filtered by kind", async ({ page }) => {
  const { community, post, mod, member } = await seedModeratedCommunity(page);

  // The mod reaches the log from mod tools.
  await page.getByRole('navigation', { name: 'Mod tools' }).getByRole('link', { name: 'Moderation log' }).click();
  await expect(page).toHaveURL(new RegExp(`/${community.name}/modlog$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation log' })).toBeVisible();

  await logOutViaApi(page);
  await openApp(page, `/${community.name}`);
  await page.getByRole('button', { name: 'Community options' }).click();
  await page.getByRole('menuitem', { name: 'Moderation log' }).click();
  await expect(page).toHaveURL(new RegExp(`/${community.name}/modlog$`));

  const entries = page.getByRole('list', { name: 'Moderation actions' }).getByRole('listitem');
  // The ban, the removal, and before them the admin making the mod a moderator.
  await expect(entries).toHaveCount(3);
  // Newest first. Whether names show to visitors is the site's setting: the mod's name or "A moderator".
  const actor = `(@${mod}|A moderator)`;
  await expect(entries.nth(0)).toContainText(new RegExp(`${actor} banned @${member} for 7 days\\.`));
  await expect(entries.nth(0)).toContainText(`Reason: ${BAN_REASON}`);
  await expect(entries.nth(0)).toContainText(/Ends /);
  await expect(entries.nth(0).getByRole('link', { name: `@${member}` })).toHaveAttribute('href', `/@${member}`);
  await expect(entries.nth(1)).toContainText(new RegExp(`${actor} removed a post\\.`));
  await expect(entries.nth(1)).toContainText(`Reason: ${REMOVAL_REASON}`);
  await expect(entries.nth(2)).toContainText(new RegExp(`(@${ADMIN.username}|An admin|A moderator) made @${mod} a moderator\\.`));
  // A removed post's title is not shown to visitors.
  await expect(page.getByText(post.title)).toHaveCount(0);

  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Bans' });
  await expect(page).toHaveURL(new RegExp(`/${community.name}/modlog\\?kind=ban_user$`));
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`banned @${member}`);

  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Posts locked' });
  await expect(page.getByText('No actions match these filters.')).toBeVisible();

  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'All actions' });
  await expect(entries).toHaveCount(3);

  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(entries).toHaveCount(3);
    await expectNoSidewaysScroll(page, 'the community log');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveScreen(page, `modlog-community-${width}-${colorScheme}`, { fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
});

test("the site's moderation log shows an admin's site ban with its reason", async ({ page }) => {
  const banned = await newUser(page, 'spam');
  await switchTo(page, ADMIN.username, ADMIN.password);
  const reason = 'Spam accounts, several of them.';
  await apiAs(page, 'POST', '/api/_admin', { action: 'ban_user', username: banned, reason });

  await logOutViaApi(page);
  await openApp(page, '/');
  await page.getByRole('navigation', { name: 'About Quorum' }).getByRole('link', { name: 'Moderation log' }).click();
  await expect(page).toHaveURL(/\/modlog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation log' })).toBeVisible();

  const entry = page.getByRole('list', { name: 'Moderation actions' }).getByRole('listitem').filter({ hasText: `@${banned}` });
  await expect(entry).toContainText(new RegExp(`(@${ADMIN.username}|An admin) banned @${banned} from the site\\.`));
  await expect(entry).toContainText(`Reason: ${reason}`);
  // The site's log has a kind filter and no moderator filter.
  await expect(page.getByLabel('Moderator', { exact: true })).toHaveCount(0);
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Site bans' });
  await expect(page).toHaveURL(/\/modlog\?kind=ban_user_site$/);
  await expect(entry).toBeVisible();

  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(entry).toBeVisible();
    await expectNoSidewaysScroll(page, 'the site log');
    await saveScreen(page, `modlog-site-${width}`, { fullPage: true });
  }
});
