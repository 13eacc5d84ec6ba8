import { expect, test, type Page } from '@playwright/test';
import type { AnalyticsEventsPage, BssPayload } from '@quorum/shared/entities/analytics';
import type { Community } from '@quorum/shared/entities/communities';
import type { IpBlocksPage } from '@quorum/shared/entities/ip-blocks';
import type { Post } from '@quorum/shared/entities/posts';
import { ADMIN, apiAs, fillSignUpForm, logIn, logOutViaApi, newCommunityName, newUsername, saveScreen, signUp } from './helpers.ts';

async function asAdmin(page: Page) {
  await logOutViaApi(page);
  await logIn(page, ADMIN.username, ADMIN.password);
}

test('a non-admin sees Forbidden!, and an admin sees Not found at an unknown admin address', async ({ page }) => {
  await signUp(page, newUsername('nonadmin'));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Forbidden!' })).toBeVisible();
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Forbidden!' })).toBeVisible();

  await asAdmin(page);
  await page.goto('/');
  await page.getByRole('button', { name: `@${ADMIN.username}` }).click();
  await page.getByRole('menuitem', { name: 'Admin dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole('navigation', { name: 'Admin dashboard' });
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');

  await page.goto('/admin/no-such-page');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(nav).toBeVisible();
});

test('an admin turns sign-ups off and the sign-up form says so', async ({ page }) => {
  await asAdmin(page);
  await page.goto('/admin');
  const signups = page.getByRole('switch', { name: 'Sign-ups' });
  await expect(signups).toBeChecked();
  try {
    await signups.uncheck();
    await expect(page.getByText('Sign-ups are off.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Sign-ups' })).not.toBeChecked();

    await logOutViaApi(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Create account' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Sign-ups are disabled right now. Please check back later.')).toBeVisible();
    await expect(dialog.getByLabel('Username')).toBeDisabled();
  } finally {
    await asAdmin(page);
    await apiAs(page, 'PUT', '/api/site_settings', { signupsDisabled: false });
  }
});

test('an admin blocks an IP range, sees it listed and cancels it', async ({ page }) => {
  await asAdmin(page);
  const note = `Spam wave ${Date.now()}`;
  try {
    await page.goto('/admin/ipblocks');
    await page.getByRole('button', { name: 'Block IP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block IP' });

    // A wildcard followed by a number is refused before anything is sent.
    await dialog.getByLabel('IP address').fill('10.*.5.*');
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/^Error blocking IP: /);

    await dialog.getByLabel('IP address').fill('10.20.*.*');
    await dialog.getByLabel('Expires in (hours)').fill('abc');
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Error blocking IP: Invalid expires in value');

    await dialog.getByLabel('Expires in (hours)').fill('2');
    await dialog.getByLabel('Note (optional)').fill(note);
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect(dialog).toBeHidden();

    const list = page.getByRole('list', { name: 'IP blocks' });
    const row = list.getByRole('listitem').filter({ hasText: note });
    await expect(row.getByText('10.20.0.0/16')).toBeVisible();
    await expect(row.getByText('In effect', { exact: true })).toBeVisible();
    await expect(row.getByText(`by @${ADMIN.username}`)).toBeVisible();

    await row.getByRole('button', { name: 'Cancel the block of 10.20.0.0/16' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel block' }).click();
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /Cancel the block/ })).toHaveCount(0);
  } finally {
    const { blocks } = await apiAs<IpBlocksPage>(page, 'GET', '/api/ipblocks');
    for (const block of blocks.filter((item) => item.inEffect && item.note === note)) await apiAs(page, 'DELETE', `/api/ipblocks/${block.id}`);
  }
});

test('a member requests a community and an admin denies the request', async ({ page }) => {
  const member = await signUp(page, newUsername('asker'));
  await page.goto('/communities');
  await expect(page.getByRole('button', { name: 'Create community' })).toBeVisible();
  await page.getByRole('button', { name: 'Request a community' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a community' });
  await dialog.getByLabel('Community name').fill('ab');
  await expect(dialog.getByText('2 / 21')).toBeVisible();
  await dialog.getByRole('button', { name: 'Request' }).click();
  await expect(dialog.getByText('Community name has to have at least 3 characters.')).toBeVisible();

  const name = newCommunityName('req');
  await dialog.getByLabel('Community name').fill(name);
  await dialog.getByLabel('Note (optional)').fill('For people who knit socks.');
  await dialog.getByRole('button', { name: 'Request' }).click();
  await expect(page.getByText('Requested!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await asAdmin(page);
  await page.goto('/admin/new-community-requests');
  const row = page.getByRole('list', { name: 'Community requests' }).getByRole('listitem').filter({ hasText: `/${name}` });
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByRole('link', { name: `@${member}` })).toBeVisible();
  await expect(row.getByText('For people who knit socks.')).toBeVisible();

  await row.getByRole('button', { name: `Deny /${name}` }).click();
  const deny = page.getByRole('dialog', { name: `Deny /${name}?` });
  await deny.getByLabel('Note to the requester (optional)').fill('We have /knitting already.');
  await deny.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByText('Denial alert sent.')).toBeVisible();
  await expect(row.getByText('Denied', { exact: true })).toBeVisible();
  await expect(row.getByText(`by @${ADMIN.username}: We have /knitting already.`)).toBeVisible();
  await expect(row.getByRole('button', { name: `Deny /${name}` })).toHaveCount(0);
});

test('an admin creates a requested community from the request, filled in with its name', async ({ page }) => {
  await signUp(page, newUsername('asker'));
  const name = newCommunityName('made');
  await apiAs(page, 'POST', '/api/community_requests', { name, note: null });

  await asAdmin(page);
  await page.goto('/admin/new-community-requests');
  const row = page.getByRole('list', { name: 'Community requests' }).getByRole('listitem').filter({ hasText: `/${name}` });
  await row.getByRole('button', { name: `Create /${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Create community' });
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/${name}$`));

  await page.goto('/admin/new-community-requests');
  await expect(row.getByText('Created', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: `/${name}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Create /${name}` })).toHaveCount(0);
});

test('an admin bans a user from their profile in two steps; the user is logged out, then unbanned', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await asAdmin(page);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('ban'), about: null });

  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const username = await signUp(userPage, newUsername('banme'));
  const post = await apiAs<Post>(userPage, 'POST', '/api/posts', { type: 'text', title: 'Buy cheap watches', body: 'Spam.', community: community.name });
  await userPage.goto('/');
  await expect(userPage.getByRole('button', { name: `@${username}` })).toBeVisible();

  await page.goto(`/@${username}`);
  await page.getByRole('button', { name: 'Profile options' }).click();
  await page.getByRole('menuitem', { name: 'Ban user' }).click();
  const dialog = page.getByRole('dialog', { name: `Ban @${username}?` });
  await dialog.getByLabel("Delete all of the user's posts and comments").check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Username').fill('someone_else');
  await dialog.getByRole('button', { name: 'Ban and delete' }).click();
  await expect(page.getByText('Usernames do not match!')).toBeVisible();
  await dialog.getByLabel('Username').fill(username.toUpperCase());
  await dialog.getByRole('button', { name: 'Ban and delete' }).click();
  await expect(page.getByText('User banned successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The ban ended every session of the user.
  await userPage.reload();
  await expect(userPage.getByRole('button', { name: 'Login' }).first()).toBeVisible();
  await userContext.close();

  // Their post goes by a background job.
  await expect.poll(async () => (await apiAs<Post>(page, 'GET', `/api/posts/${post.publicId}`)).deleted, { timeout: 20_000 }).toBe(true);

  await page.getByRole('button', { name: 'Profile options' }).click();
  await page.getByRole('menuitem', { name: 'Unban user' }).click();
  const unban = page.getByRole('dialog', { name: `Unban @${username}?` });
  await unban.getByRole('button', { name: 'Unban' }).click();
  await expect(page.getByText('User unbanned successfully.')).toBeVisible();
  await expect(unban).toBeHidden();
  await page.getByRole('button', { name: 'Profile options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Ban user' })).toBeVisible();
});

test('an admin bans a user and blocks their last address; a new account from there is refused', async ({ page, browser }) => {
  await asAdmin(page);
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const username = await signUp(userPage, newUsername('blockme'));
  try {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(`/@${username}`);
    await page.getByRole('button', { name: 'Profile options' }).click();
    await page.getByRole('menuitem', { name: 'Ban user' }).click();
    const dialog = page.getByRole('dialog', { name: `Ban @${username}?` });
    // Every browser of the tests comes from the server's own address.
    await expect(dialog.getByText('Blocks 127.0.0.1 from making changes until the block is cancelled.')).toBeVisible();
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= 320).toBe(true);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveScreen(page, `ban-block-address-320-${colorScheme}`);
    }
    // Ticked with the keyboard, as the Ban button is reached.
    await dialog.getByLabel('Also block their last address').focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByLabel('Also block their last address')).toBeChecked();
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(page.getByText('User banned successfully.')).toBeVisible();

    await userPage.goto('/');
    const signup = await fillSignUpForm(userPage, newUsername('again'));
    await signup.getByRole('button', { name: /sign up|create account/i }).click();
    await expect(signup.getByText('Your network address is blocked from making changes on this site.')).toBeVisible();
  } finally {
    // The block covers every browser of the run: lift it before anything else runs.
    const { blocks } = await apiAs<IpBlocksPage>(page, 'GET', '/api/ipblocks');
    for (const block of blocks.filter((item) => item.inEffect && item.note?.includes(`@${username}`))) {
      await apiAs(page, 'DELETE', `/api/ipblocks/${block.id}`);
    }
    await userContext.close();
  }
});

test('an admin lists users, comments and communities, and makes a community a default one', async ({ page }) => {
  test.setTimeout(60_000);
  await asAdmin(page);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('dflt'), about: null });
  const post = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'Morning coffee thread', body: 'How do you brew?', community: community.name });
  await apiAs(page, 'POST', `/api/posts/${post.publicId}/comments`, { body: 'French press, always.', parentCommentId: null });
  await logOutViaApi(page);
  const username = await signUp(page, newUsername('listed'));
  await asAdmin(page);

  await page.goto('/admin/users');
  const user = page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: `@${username}`, exact: true }) });
  await expect(user.getByText(/1 point · 0 posts · 0 comments/)).toBeVisible();
  await user.getByRole('button', { name: `Supporter badge for @${username}` }).click();
  await expect(user.getByRole('button', { name: `Supporter badge for @${username}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(user.getByRole('button', { name: `Ban @${username}` })).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin dashboard' }).getByRole('link', { name: 'Comments' }).click();
  const comment = page.getByRole('list', { name: 'Comments' }).getByRole('listitem').filter({ hasText: 'French press, always.' });
  await comment.getByRole('link', { name: 'Morning coffee thread' }).click();
  await expect(page).toHaveURL(new RegExp(`/${community.name}/post/${post.publicId}/`));
  await expect(page.getByText('French press, always.')).toBeVisible();

  await page.goto('/admin/communities');
  const toggle = page.getByRole('switch', { name: `Default community: /${community.name}` });
  await expect(toggle).not.toBeChecked();
  try {
    await toggle.check();
    await page.reload();
    await expect(page.getByRole('switch', { name: `Default community: /${community.name}` })).toBeChecked();
  } finally {
    await apiAs(page, 'POST', '/api/_admin', { action: 'remove_default_forum', name: community.name });
  }
});

test('an admin finds users by part of their name or by email, and acts on what was found', async ({ page }) => {
  await logOutViaApi(page);
  const username = await signUp(page, newUsername('findme'));
  await apiAs(page, 'POST', '/api/_settings?action=updateProfile', { email: `${username}@mail.example` });
  await logOutViaApi(page);
  const other = await signUp(page, newUsername('other'));
  await asAdmin(page);

  await page.goto('/admin/users');
  const users = page.getByRole('list', { name: 'Users' });
  await expect(users.getByRole('link', { name: `@${other}`, exact: true })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search users by name or email' });
  await search.fill(username.slice(0, -1).toUpperCase());
  await expect(users.getByRole('link', { name: `@${other}`, exact: true })).toBeHidden();
  const found = users.getByRole('listitem').filter({ has: page.getByRole('link', { name: `@${username}`, exact: true }) });
  await expect(found).toBeVisible();
  await found.getByRole('button', { name: `Supporter badge for @${username}` }).click();
  await expect(found.getByRole('button', { name: `Supporter badge for @${username}` })).toHaveAttribute('aria-pressed', 'true');

  await search.fill(`${username}@mail.example`);
  await expect(users.getByRole('listitem')).toHaveCount(1);
  await expect(found).toBeVisible();
  await search.fill('no such person at all');
  await expect(page.getByText('No users match this search')).toBeVisible();
  await search.fill('');
  await expect(users.getByRole('link', { name: `@${other}`, exact: true })).toBeVisible();
});

test('the analytics page draws the hourly statistics', async ({ page }) => {
  await asAdmin(page);
  // The server records the current hour's statistics soon after it starts.
  await expect
    .poll(async () => (await apiAs<AnalyticsEventsPage>(page, 'GET', '/api/analytics/bss')).events.length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  await page.goto('/admin/bss');
  for (const title of ['Active users, last 24 hours', 'Posts, last 24 hours', 'Comments, last 24 hours', 'Sign-ups, last 24 hours']) {
    await expect(page.getByRole('img', { name: title })).toBeVisible();
  }
  await expect(page.getByRole('term').filter({ hasText: 'Users this month' })).toBeVisible();
  await page.getByText('The numbers as a table').click();
  await expect(page.getByRole('table').getByRole('columnheader', { name: 'Sign-ups' })).toBeVisible();
});

test('the analytics page reads each record\'s figures from the JSON text of its payload', async ({ page }) => {
  await asAdmin(page);
  const figures: BssPayload = {
    signups: 24, pwa_installs: 25, notifications_enabled: 26, users_day: 21, users_week: 31, users_month: 41,
    return_users_day: 11, return_users_week: 12, return_users_month: 13, posts_day: 22, posts_week: 32, comments_day: 23, comments_week: 33,
  };
  // Figures a fresh site has not recorded: what the screen shows can only come from this answer.
  const answer: AnalyticsEventsPage = {
    events: [{ id: '0190a0a0-0000-7000-8000-000000000001', createdAt: new Date().toISOString(), payload: JSON.stringify(figures) }],
    next: null,
  };
  await page.route('**/api/analytics/bss*', (route) => route.fulfill({ json: answer }));
  await page.goto('/admin/bss');
  await expect(page.getByRole('term').filter({ hasText: 'Users this month' })).toBeVisible();
  await page.getByText('The numbers as a table').click();
  // Users, Posts, Comments, Sign-ups, Installs, Notifications on.
  await expect(page.getByRole('table').getByRole('row').nth(1).getByRole('cell')).toHaveText(['21', '22', '23', '24', '25', '26']);
});

test('the health page shows the database, the job queue, the last hour and storage, at 390 and 1280 px in both themes', async ({ page }) => {
  await asAdmin(page);
  for (const width of [390, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/health');
      await expect(page.getByRole('heading', { name: 'Health', level: 2 })).toBeVisible();
      const service = page.getByRole('region', { name: 'Service' });
      await expect(service.getByRole('definition').filter({ hasText: /^Answering in \d+ ms$/ })).toBeVisible();
      await expect(service.getByRole('definition').filter({ hasText: /^Running$/ })).toBeVisible();
      await expect(service.getByRole('definition').filter({ hasText: '1.0.0' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'The last hour' }).getByRole('definition').filter({ hasText: / ms$/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Storage and backups' }).getByRole('term').filter({ hasText: 'Last backup' })).toBeVisible();
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await saveScreen(page, `admin-health-${width}-${colorScheme}`, { fullPage: true });
    }
  }
});
