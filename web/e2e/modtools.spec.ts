import { expect, test, type Page } from '@playwright/test';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { ModLogPage } from '@quorum/shared/entities/modlog';
import type { Post } from '@quorum/shared/entities/posts';
import type { User } from '@quorum/shared/entities/users';
import { ADMIN, apiAs, logOutViaApi } from './helpers.ts';
import { newUser, postPath, seedPost, switchTo } from './post-helpers.ts';

test.use({ viewport: { width: 1280, height: 800 } });

function modtools(community: Community, section = ''): string {
  return `/${community.name}/modtools${section ? `/${section}` : ''}`;
}

/** A community made by the admin (its first mod) with one post, and a new user made its second mod, left logged in. */
async function seedWithMod(page: Page, title = 'A post to moderate'): Promise<{ community: Community; post: Post; mod: string }> {
  const { community, post } = await seedPost(page, title);
  const mod = await newUser(page, 'mod');
  await switchTo(page, ADMIN.username, ADMIN.password);
  await apiAs<User[]>(page, 'POST', `/api/communities/${community.id}/mods`, { username: mod });
  await switchTo(page, mod);
  return { community, post, mod };
}

test('the base path opens the settings, an unknown page says so, and only mods and admins get in', async ({ page }) => {
  const { community } = await seedWithMod(page);
  await page.goto(`/${community.name}`);
  await page.getByRole('link', { name: 'MOD TOOLS', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${modtools(community, 'settings')}$`));
  await expect(page.getByRole('heading', { name: 'Community settings', level: 2 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Mod tools' });
  await expect(nav.getByRole('link', { name: 'Community settings' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Rules' }).click();
  await expect(page.getByRole('heading', { name: 'Rules', level: 2 })).toBeVisible();

  await page.goto(modtools(community, 'no-such-page'));
  await expect(page.getByRole('heading', { name: 'Not found.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mod tools' })).toBeVisible();

  await newUser(page, 'member');
  await page.goto(modtools(community, 'reports'));
  await expect(page.getByRole('heading', { name: 'Forbidden!' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mod tools' })).toHaveCount(0);

  await logOutViaApi(page);
  await page.goto(modtools(community));
  await expect(page.getByRole('heading', { name: 'Forbidden!' })).toBeVisible();

  await switchTo(page, ADMIN.username, ADMIN.password);
  const other = await apiAs<Community>(page, 'POST', '/api/communities', { name: `adm${Date.now().toString(36).slice(-6)}`, about: null });
  await apiAs(page, 'DELETE', `/api/communities/${other.id}/mods/${ADMIN.username}`);
  await page.goto(`/${other.name}`);
  await page.getByRole('link', { name: 'MOD TOOLS (ADMIN)' }).click();
  await expect(page.getByRole('heading', { name: 'Community settings', level: 2 })).toBeVisible();
});

test('a mod bans a member, who then cannot comment there', async ({ page }) => {
  const { community, post, mod } = await seedWithMod(page, 'A post the member wants to comment on');
  const member = await newUser(page, 'member');
  await apiAs(page, 'POST', '/api/_joinCommunity', { communityId: community.id, leave: false });

  await switchTo(page, mod);
  await page.goto(modtools(community, 'banned'));
  await expect(page.getByText('No banned users.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Ban a user' });
  await form.getByRole('button', { name: 'Ban' }).click();
  await expect(form.getByText('Username is required.')).toBeVisible();
  // A ban asks first; cancelling it bans nobody.
  const confirmBan = async (username: string) =>
    page.getByRole('dialog', { name: `Ban @${username} from /${community.name}?` }).getByRole('button', { name: 'Ban' }).click();
  await form.getByLabel('Ban a user').fill(member);
  await form.getByRole('button', { name: 'Ban' }).click();
  await page.getByRole('dialog', { name: `Ban @${member} from /${community.name}?` }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('No banned users.')).toBeVisible();
  await expect(form.getByLabel('Ban a user')).toHaveValue(member);
  await form.getByLabel('Ban a user').fill('nobody_by_this_name');
  await form.getByRole('button', { name: 'Ban' }).click();
  await confirmBan('nobody_by_this_name');
  await expect(form.getByText('No user with username exists.')).toBeVisible();
  await form.getByLabel('Ban a user').fill(member);
  await form.getByRole('button', { name: 'Ban' }).click();
  await confirmBan(member);
  const banned = page.getByRole('list', { name: 'Banned users' });
  await expect(banned.getByRole('link', { name: `@${member}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `@${member} is banned from /${community.name}.` })).toBeVisible();
  await expect(form.getByLabel('Ban a user')).toHaveValue('');
  await form.getByLabel('Ban a user').fill(member);
  await form.getByRole('button', { name: 'Ban' }).click();
  await confirmBan(member);
  await expect(form.getByText(`${member} is already banned.`)).toBeVisible();
  await form.getByLabel('Ban a user').fill(ADMIN.username);
  await form.getByRole('button', { name: 'Ban' }).click();
  await confirmBan(ADMIN.username);
  await expect(page.getByText('Moderators of the community and admins cannot be banned from it.')).toBeVisible();

  await switchTo(page, member);
  await page.goto(postPath(post));
  await expect(page.getByText('You are banned from this community.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
  await page.goto(`/${community.name}`);
  await expect(page.getByRole('status').filter({ hasText: 'You are banned from this community.' })).toBeVisible();

  await switchTo(page, mod);
  await page.goto(modtools(community, 'banned'));
  await banned.getByRole('button', { name: `Unban @${member}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unban' }).click();
  await expect(page.getByText('No banned users.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `@${member} is no longer banned from /${community.name}.` })).toBeVisible();

  // A ban for a while ends by itself: the confirmation chooses how long.
  await form.getByLabel('Ban a user').fill(member);
  await form.getByRole('button', { name: 'Ban' }).click();
  const dialog = page.getByRole('dialog', { name: `Ban @${member} from /${community.name}?` });
  await expect(dialog.getByLabel('How long')).toHaveValue('0');
  await dialog.getByLabel('How long').selectOption('7');
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/api/communities/${community.id}/banned`));
  await dialog.getByRole('button', { name: 'Ban' }).click();
  const body = (await sent).postDataJSON() as { username: string; expires: string };
  expect(body.username).toBe(member);
  const days = (new Date(body.expires).getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);
  await expect(page.getByRole('status').filter({ hasText: `@${member} is banned from /${community.name} for 7 days.` })).toBeVisible();
  await expect(banned.getByRole('link', { name: `@${member}` })).toBeVisible();
});

test('a member reports a post and a mod ignores the report in modtools', async ({ page }) => {
  const { community, post, mod } = await seedWithMod(page, 'A post somebody will report');
  await newUser(page, 'reporter');
  await page.goto(postPath(post));
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Report post' });
  await dialog.getByRole('radio', { name: /^Spam/ }).check();
  await dialog.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(page.getByText('Thanks. The moderators will take a look.')).toBeVisible();

  await switchTo(page, mod);
  await page.goto(modtools(community, 'reports'));
  const report = page.getByRole('article', { name: 'Report of a post: Spam' });
  await expect(report.getByRole('link', { name: post.title })).toBeVisible();
  await expect(report.getByRole('button', { name: 'Upvote' })).toBeDisabled();
  await expect(page.getByRole('link', { name: /Posts\s*1/ })).toBeVisible();
  await report.getByRole('button', { name: 'Ignore' }).click();
  await expect(page.getByText('Report ignored.')).toBeVisible();
  await expect(page.getByText('No reports.')).toBeVisible();
});

test('from the reports, a mod deletes a reported comment and bans the author of a reported post', async ({ page }) => {
  const { community, post, mod } = await seedWithMod(page, 'A post with a rude comment under it');
  const author = await newUser(page, 'author');
  const rude = await apiAs<Comment>(page, 'POST', `/api/posts/${post.publicId}/comments`, { body: 'A rude comment.', parentCommentId: null });
  const spam = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'Buy cheap watches', body: 'Spam.', community: community.name });
  await newUser(page, 'reporter');
  await apiAs(page, 'POST', '/api/_report', { type: 'comment', targetId: rude.id, reason: 1 });
  await apiAs(page, 'POST', '/api/_report', { type: 'post', targetId: spam.id, reason: 1 });

  await switchTo(page, mod);
  await page.goto(modtools(community, 'reports'));
  await expect(page.getByRole('article', { name: /^Report of a/ })).toHaveCount(2);
  await page.getByRole('link', { name: /^Comments/ }).click();
  await expect(page).toHaveURL(/\?filter=comments$/);
  const commentReport = page.getByRole('article', { name: /^Report of a comment/ });
  await expect(commentReport.getByText('A rude comment.')).toBeVisible();
  await expect(page.getByRole('article', { name: /^Report of a post/ })).toHaveCount(0);
  await commentReport.getByRole('button', { name: 'Delete comment' }).click();
  // The reason for the moderation log starts as the report's, and can be changed.
  const deleting = page.getByRole('dialog', { name: 'Delete this comment?' });
  const reportReason = (await commentReport.locator('.report-card__reason').textContent()) ?? '';
  await expect(deleting.getByLabel('Reason (optional)')).toHaveValue(reportReason);
  await deleting.getByLabel('Reason (optional)').fill(`${reportReason}, and rude`);
  const removal = page.waitForRequest((request) => request.method() === 'DELETE' && request.url().includes(`/comments/${rude.id}`));
  await deleting.getByRole('button', { name: 'Delete' }).click();
  expect((await removal).postDataJSON()).toEqual({ reason: `${reportReason}, and rude` });
  await expect(page.getByText('No reports.')).toBeVisible();
  const log = await apiAs<ModLogPage>(page, 'GET', `/api/communities/${community.id}/modlog?kind=remove_comment`);
  expect(log.actions.map((action) => action.reason)).toEqual([`${reportReason}, and rude`]);

  await page.getByRole('main').getByRole('link', { name: /^All/ }).click();
  const postReport = page.getByRole('article', { name: /^Report of a post/ });
  await postReport.getByRole('button', { name: `Ban @${author}` }).click();
  await page.getByRole('dialog', { name: `Ban @${author} from /${community.name}?` }).getByRole('button', { name: 'Ban' }).click();
  await expect(page.getByText('No reports.')).toBeVisible();
  await page.getByRole('navigation', { name: 'Mod tools' }).getByRole('link', { name: 'Banned' }).click();
  await expect(page.getByRole('list', { name: 'Banned users' }).getByRole('link', { name: `@${author}` })).toBeVisible();
});

test('settings are saved and show on the community page', async ({ page }) => {
  const { community } = await seedWithMod(page);
  await page.goto(modtools(community, 'settings'));
  const form = page.getByRole('form', { name: 'Community settings' });
  const save = form.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await form.getByLabel('Description').fill('Only tomatoes from now on.');
  await expect(form.getByText('26 / 2000')).toBeVisible();
  await form.getByRole('switch', { name: 'Restrict posting' }).check();
  await save.click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.getByRole('link', { name: `/${community.name}` }).click();
  await expect(page.getByRole('heading', { name: community.name, level: 1 })).toBeVisible();
  await expect(page.getByText('Only tomatoes from now on.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Only tomatoes from now on.')).toBeVisible();

  // Posting is restricted: a member may not post any more.
  await newUser(page, 'poster');
  const refused = apiAs(page, 'POST', '/api/posts', { type: 'text', title: 'Not allowed here', body: '', community: community.name });
  await expect(refused).rejects.toThrow(/answered 403/);
});

test('a mod adds a moderator, moves them and removes them; seniors have no actions', async ({ page }) => {
  const { community, mod } = await seedWithMod(page);
  const helper = await newUser(page, 'helper');
  await switchTo(page, mod);
  await page.goto(modtools(community, 'mods'));
  const list = page.getByRole('list', { name: 'Moderators' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').nth(0)).toContainText(ADMIN.username);
  await expect(list.getByRole('button', { name: `Remove @${ADMIN.username}` })).toHaveCount(0);
  await expect(list.getByRole('button', { name: `Move @${mod} up` })).toHaveCount(0);

  const form = page.getByRole('form', { name: 'Add a moderator' });
  await form.getByLabel('Add a moderator').fill('nobody_by_this_name');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('User not found.')).toBeVisible();
  await form.getByLabel('Add a moderator').fill(helper);
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').nth(2)).toContainText(helper);

  await list.getByRole('button', { name: `Move @${helper} up` }).click();
  await expect(list.getByRole('listitem').nth(1)).toContainText(helper);
  await expect(list.getByRole('listitem').nth(2)).toContainText(mod);
  // The helper is now senior to the mod: the mod may no longer act on them.
  await expect(list.getByRole('button', { name: `Remove @${helper}` })).toHaveCount(0);

  await switchTo(page, ADMIN.username, ADMIN.password);
  await page.goto(modtools(community, 'mods'));
  await list.getByRole('button', { name: `Remove @${helper}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.goto(`/${community.name}`);
  await expect(page.getByRole('link', { name: `@${helper}` })).toHaveCount(0);

  await switchTo(page, mod);
  await page.goto(modtools(community, 'mods'));
  await list.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  await expect(page).toHaveURL(new RegExp(`/${community.name}$`));
  await expect(page.getByRole('link', { name: 'MOD TOOLS', exact: true })).toHaveCount(0);
});

test('rules are added, edited, put in order and deleted', async ({ page }) => {
  const { community } = await seedWithMod(page);
  await page.goto(modtools(community, 'rules'));
  await expect(page.getByText('No rules yet.')).toBeVisible();

  // Adding a rule answers all the rules, which are shown without reading them again.
  const rulesRead: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/communities/${community.id}/rules`) rulesRead.push(request.url());
  });
  for (const rule of ['Be kind', 'No spam']) {
    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add rule' });
    await dialog.getByLabel('Rule', { exact: true }).fill(rule);
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Rule added.' }).first()).toBeVisible();
  }
  const rules = page.getByRole('list', { name: 'Rules' }).getByRole('listitem');
  await expect(rules).toHaveCount(2);
  await expect(rules.nth(1)).toContainText('No spam');
  expect(rulesRead).toEqual([]);

  const edit = page.getByRole('dialog', { name: 'Edit rule' });
  await page.getByRole('button', { name: 'Edit rule 1' }).click();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  // Focus goes back to the button that opened the dialog.
  await expect(page.getByRole('button', { name: 'Edit rule 1' })).toBeFocused();

  await page.getByRole('button', { name: 'Edit rule 1' }).click();
  await edit.getByLabel('Rule', { exact: true }).fill('Be kind to everyone');
  await edit.getByLabel('Description (optional)').fill('Disagree with ideas, not people.');
  // A user who moves on the moment the dialog closes keeps the control they went to: the
  // dialog's close event, which comes later, does not pull the focus back.
  const focusAfterMovingOn = page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const dialog = document.querySelector('dialog[open]') as HTMLDialogElement;
        new MutationObserver((_, observer) => {
          if (dialog.open) return;
          observer.disconnect();
          document.querySelector<HTMLElement>('[aria-label="Move rule 2 up"]')?.focus();
          setTimeout(() => resolve(document.activeElement?.getAttribute('aria-label') ?? null), 200);
        }).observe(dialog, { attributes: true, attributeFilter: ['open'] });
      }),
  );
  await edit.getByRole('button', { name: 'Save' }).click();
  expect(await focusAfterMovingOn).toBe('Move rule 2 up');
  await expect(page.getByRole('status').filter({ hasText: 'Rule saved.' })).toBeVisible();
  await expect(rules.nth(0)).toContainText('Be kind to everyone');
  await expect(rules.nth(0)).toContainText('Disagree with ideas, not people.');

  await page.keyboard.press('Enter');
  await expect(rules.nth(0)).toContainText('No spam');
  await expect(rules.nth(1)).toContainText('Be kind to everyone');
  await expect(page.getByRole('button', { name: 'Move rule 1 up' })).toBeDisabled();
  // The moved rule's Up button is now disabled: the keyboard goes on from its Down button.
  await expect(page.getByRole('button', { name: 'Move rule 1 down' })).toBeFocused();

  await page.goto(`/${community.name}`);
  const card = page.getByRole('complementary', { name: `About /${community.name}` });
  await expect(card.getByText('No spam')).toBeVisible();
  await expect(card.getByText('Be kind to everyone')).toBeVisible();

  await page.goto(modtools(community, 'rules'));
  await expect(rules.nth(0)).toContainText('No spam');
  await page.getByRole('button', { name: 'Delete rule 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rules).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Rule deleted.' })).toBeVisible();
  await expect(rules.nth(0)).toContainText('Be kind to everyone');
});

test('removed posts come ten a page, with page links in the address', async ({ page }) => {
  const { community, post } = await seedWithMod(page, 'Removed post 0');
  const posts = [post];
  for (let i = 1; i <= 11; i++) {
    posts.push(await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: `Removed post ${i}`, body: 'Off topic.', community: community.name }));
  }
  // The newest is removed by its author (the mod wrote it), the others by the mod.
  for (const removed of posts) await apiAs(page, 'DELETE', `/api/posts/${removed.publicId}?deleteAs=${removed === posts[11] ? 'normal' : 'mods'}`);

  await page.goto(modtools(community, 'removed'));
  const list = page.getByRole('list', { name: 'Removed' });
  await expect(list.getByRole('article')).toHaveCount(10);
  const item = (title: string) => list.getByRole('listitem').filter({ has: page.getByRole('article', { name: title, exact: true }) });
  await expect(item('Removed post 11').getByText('Removed by the author')).toBeVisible();
  await expect(item('Removed post 10').getByText('Removed by a moderator')).toBeVisible();
  const pages = page.getByRole('navigation', { name: 'Removed pages' });
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(list.getByRole('button', { name: 'Upvote' }).first()).toBeDisabled();
  await pages.getByRole('link', { name: 'Page 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]page=2$/);
  await expect(list.getByRole('article')).toHaveCount(2);
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await pages.getByRole('link', { name: 'Previous page' }).click();
  await expect(list.getByRole('article')).toHaveCount(10);

  await page.getByRole('navigation', { name: 'Mod tools' }).getByRole('link', { name: 'Locked' }).click();
  await expect(page.getByText('No locked posts.')).toBeVisible();
  const open = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'Locked for a cooling-off', body: 'Heated.', community: community.name });
  await apiAs(page, 'PUT', `/api/posts/${open.publicId}?action=lock&lockAs=mods`);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Locked' }).getByRole('listitem').getByText('Locked by a moderator')).toBeVisible();
});
