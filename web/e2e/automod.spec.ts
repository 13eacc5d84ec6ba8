import { expect, test, type Page } from '@playwright/test';
import { WATCHED_WORD_PATTERN_MAX } from '@quorum/shared/constants';
import type { CommunityAutoMod } from '@quorum/shared/entities/automod';
import type { Community } from '@quorum/shared/entities/communities';
import { apiAs, expectNoSidewaysScroll, saveScreen } from './helpers.ts';
import { seedCommunityWithMod } from './post-helpers.ts';

test.use({ viewport: { width: 1280, height: 800 } });

interface WordFields {
  pattern: string;
  /** The label of the action's option. */
  action: string;
  replacement?: string;
  rule: string;
}

/** Adds a word through its dialog (unsaved until Save). */
async function addWord(page: Page, { pattern, action, replacement, rule }: WordFields) {
  await page.getByRole('button', { name: 'Add word' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add watched word' });
  await dialog.getByLabel('Word or phrase').fill(pattern);
  await dialog.getByLabel('Action').selectOption({ label: action });
  if (replacement !== undefined) await dialog.getByLabel('Replacement').fill(replacement);
  await dialog.getByLabel('Rule', { exact: true }).fill(rule);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
}

function automodPath(community: Community): string {
  return `/${community.name}/modtools/automod`;
}

test('a mod adds a hold rule, saves it and finds it after a reload; the test box names it', async ({ page }) => {
  const { community } = await seedCommunityWithMod(page, 'aw', 'Where watched words are tried out.');
  await page.goto(automodPath(community));
  await expect(page.getByRole('heading', { name: 'Watched words', level: 2 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mod tools' }).getByRole('link', { name: 'Watched words' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No watched words yet.')).toBeVisible();

  await addWord(page, { pattern: 'spam*', action: 'Hold for approval', rule: 'No spam' });
  const words = page.getByRole('list', { name: 'Watched words' }).getByRole('listitem');
  await expect(words).toHaveCount(1);
  await expect(words.first()).toContainText('spam*');
  await expect(words.first()).toContainText('Hold for approval');

  await page.getByLabel('Try a sample text').fill('Cheap spammers, click here');
  await expect(page.getByText('Held for approval — rule “No spam” (pattern spam*)')).toBeVisible();
  await page.getByLabel('Written by a moderator').check();
  await expect(page.getByText('No rule matches.')).toBeVisible();

  const hold = { pattern: 'spam*', action: 'hold', replacement: null, rule: 'No spam', appliesToMods: false };
  const saving = page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname === `/api/communities/${community.id}/automod`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saving).postDataJSON()).toMatchObject({ words: [hold] });
  await expect(page.getByRole('status').filter({ hasText: 'Watched words saved.' })).toBeVisible();
  await expect(page.getByText('All changes saved.')).toBeVisible();

  await page.reload();
  await expect(words).toHaveCount(1);
  await expect(words.first()).toContainText('spam*');
  await expect(words.first()).toContainText('Rule: No spam');
  await page.getByLabel('Try a sample text').fill('spam');
  await expect(page.getByText('Held for approval — rule “No spam” (pattern spam*)')).toBeVisible();
  const saved = await apiAs<CommunityAutoMod>(page, 'GET', `/api/communities/${community.id}/automod`);
  expect(saved.words).toEqual([hold]);
});

test('the editor fits a 320 px phone with a very long pattern, and asks before unsaved changes are left', async ({ page }) => {
  const { community } = await seedCommunityWithMod(page, 'aw', 'Where watched words are tried out.');
  await page.goto(automodPath(community));
  await expect(page.getByText('No watched words yet.')).toBeVisible();

  const longPattern = 'supercalifragilisticexpialidocious'.repeat(4).slice(0, WATCHED_WORD_PATTERN_MAX);
  await addWord(page, { pattern: longPattern, action: 'Block', rule: 'No words so long that they never seem to end' });
  await addWord(page, { pattern: 'darn', action: 'Replace', replacement: 'd**n', rule: 'Keep it clean' });
  const words = page.getByRole('list', { name: 'Watched words' }).getByRole('listitem');
  await expect(words).toHaveCount(2);
  await page.getByLabel('Try a sample text').fill(`Well darn, ${longPattern}`);
  await expect(page.getByText(`Blocked — rule “No words so long that they never seem to end” (pattern ${longPattern})`)).toBeVisible();
  await expect(page.getByText(`Replaced — result text: Well d**n, ${longPattern}`)).toBeVisible();

  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(words).toHaveCount(2);
    await expectNoSidewaysScroll(page, 'the watched-words editor');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await saveScreen(page, `automod-community-${width}-${colorScheme}`, { fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The edit dialog of the long word fits too.
  await page.setViewportSize({ width: 320, height: 800 });
  await words.first().getByRole('button', { name: `Edit ${longPattern}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit watched word' });
  await expect(dialog.getByLabel('Word or phrase')).toHaveValue(longPattern);
  await expectNoSidewaysScroll(page, 'the edit dialog');
  await saveScreen(page, 'automod-edit-320');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('navigation', { name: 'Mod tools' }).getByRole('link', { name: 'Rules' }).click();
  const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`${automodPath(community)}$`));
  await expect(words).toHaveCount(2);
});
