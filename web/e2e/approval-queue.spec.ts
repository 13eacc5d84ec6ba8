import { expect, test, type Page } from '@playwright/test';
import type { CommunityAutoMod } from '@quorum/shared/entities/automod';
import type { Community } from '@quorum/shared/entities/communities';
import { apiAs, expectNoSidewaysScroll, logOutViaApi, openApp, saveScreen } from './helpers.ts';
import { publicIdFromPostUrl } from './new-post-helpers.ts';
import { newUser, seedCommunityWithMod, switchTo } from './post-helpers.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const TITLE = 'Hello from a brand new member';
const WIDTHS = [320, 390, 1280];

/** At each width, in light and dark: nothing scrolls sideways, and the screens are saved when asked for. */
async function checkWidths(page: Page, name: string, shown: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await shown();
    await expectNoSidewaysScroll(page, name);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveScreen(page, `${name}-${width}-${colorScheme}`, { fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A community made by the admin with a second mod, who holds new members' posts and comments for approval. */
async function seedHeldCommunity(page: Page): Promise<{ community: Community; mod: string }> {
  const seeded = await seedCommunityWithMod(page, 'aq', 'New members wait for approval.');
  const limits: CommunityAutoMod = { words: [], newMembers: { minAgeDays: 30, minPoints: 0, comments: true } };
  await apiAs(page, 'PUT', `/api/communities/${seeded.community.id}/automod`, limits);
  return seeded;
}

test("a new member's post waits for a moderator's approval, then shows to everyone", async ({ page }) => {
  const { community, mod } = await seedHeldCommunity(page);

  // A brand-new account posts through the composer: told it waits, and the post says so.
  await newUser(page, 'new');
  await apiAs(page, 'POST', '/api/_joinCommunity', { communityId: community.id, leave: false });
  await page.goto(`/new?community=${community.name}`);
  await expect(page.getByRole('combobox', { name: 'Community' })).toHaveValue(community.name);
  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your post is awaiting approval by the moderators.' })).toBeVisible();
  const publicId = await publicIdFromPostUrl(page, community.name);
  const postUrl = `/${community.name}/post/${publicId}`;
  const post = page.getByRole('article', { name: TITLE });
  await expect(post.getByRole('note')).toHaveText('Awaiting approval — only you and the moderators can see this post.');
  await expect(post.getByRole('button', { name: 'Upvote' })).toBeDisabled();
  await expect(page.getByText('Comments open once the moderators approve this post.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
  await checkWidths(page, 'approval-queue-author', () => expect(post.getByRole('note')).toBeVisible());

  // Nobody else can see it yet.
  await logOutViaApi(page);
  await openApp(page, postUrl);
  await expect(page.getByText('404: Not found!')).toBeVisible();
  await expect(apiAs(page, 'GET', `/api/posts/${publicId}`)).rejects.toThrow(/answered 404: .* Post not found\./);

  // The mod finds it in the queue, counted in the navigation, and approves it.
  await switchTo(page, mod);
  await page.goto(`/${community.name}/modtools/queue`);
  const nav = page.getByRole('navigation', { name: 'Mod tools' });
  // The badge is read out after the name: "Approval queue, 1 waiting".
  await expect(nav.getByRole('link', { name: /^Approval queue\W+1 waiting$/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Approval queue' })).toBeVisible();
  const held = page.getByRole('article', { name: `Held post: ${TITLE}` });
  await expect(held).toContainText('Held: New member');
  await expect(held.getByRole('button', { name: 'Approve' })).toBeEnabled();
  await checkWidths(page, 'approval-queue', () => expect(held).toBeVisible());

  const approval = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname.startsWith(`/api/communities/${community.id}/held/`));
  await held.getByRole('button', { name: 'Approve' }).click();
  expect((await approval).postDataJSON()).toEqual({ action: 'approve', reason: null });
  await expect(page.getByRole('status').filter({ hasText: 'Approved.' })).toBeVisible();
  await expect(page.getByText('Nothing is waiting for approval.')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Approval queue', exact: true })).toBeVisible();
  await checkWidths(page, 'approval-queue-empty', () => expect(page.getByText('Nothing is waiting for approval.')).toBeVisible());

  // Published: in the community's feed for a visitor, and its page opens without the mark.
  await logOutViaApi(page);
  await openApp(page, `/${community.name}`);
  const title = page.getByRole('link', { name: TITLE });
  await expect(title).toBeVisible();
  await title.click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText(/Awaiting approval/)).toHaveCount(0);
});
