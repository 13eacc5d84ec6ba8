import { expect, test, type Page } from '@playwright/test';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import { ADMIN, apiAs, logIn, newCommunityName } from './helpers.ts';
import { postPath } from './post-helpers.ts';

/** A made-up word no other test writes, so that a search finds only what this test seeded. */
function newWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = 'zorb';
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

async function seed(page: Page, word: string) {
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('srch'), about: null });
  const post = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: `Growing ${word} on a balcony`, body: 'Sun and water.', community: community.name });
  const comment = await apiAs<Comment>(page, 'POST', `/api/posts/${post.publicId}/comments`, { body: `My ${word} needed more shade.`, parentCommentId: null });
  return { community, post, comment };
}

function searchDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Search' });
}

/** Presses '/' with nothing focused, which opens the search dialog. */
async function openWithSlash(page: Page) {
  // The shell (whose navbar listens for the key) is up once its Search button shows.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  await expect(searchDialog(page)).toBeVisible();
  await expect(searchDialog(page).getByRole('combobox', { name: 'Search' })).toBeFocused();
}

test("'/' opens the search dialog, which suggests communities as one types and opens the one chosen", async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const word = newWord();
  const { community } = await seed(page, word);
  await page.goto('/');

  await openWithSlash(page);
  const box = searchDialog(page).getByRole('combobox', { name: 'Search' });
  await box.fill(community.name.slice(0, -1));
  const suggestion = searchDialog(page).getByRole('option', { name: new RegExp(`/${community.name}`) });
  await expect(suggestion).toBeVisible();
  // The community comes before the entry that searches for the text.
  const options = searchDialog(page).getByRole('option');
  await expect(options.last()).toHaveText(`Search for “${community.name.slice(0, -1)}”`);

  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await suggestion.getAttribute('id')) ?? 'none');
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(`/${community.name}`);
  await expect(searchDialog(page)).toBeHidden();

  // Escape closes the dialog.
  await openWithSlash(page);
  await page.keyboard.press('Escape');
  await expect(searchDialog(page)).toBeHidden();
});

test('one Escape closes the dialog, even with a suggestion highlighted, and focus goes back to what opened it', async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const { community } = await seed(page, newWord());
  await page.goto('/');

  const opener = page.getByRole('banner').getByRole('button', { name: 'Search' });
  await opener.click();
  const box = searchDialog(page).getByRole('combobox', { name: 'Search' });
  await expect(box).toBeFocused();
  await box.fill(community.name.slice(0, -1));
  const suggestion = searchDialog(page).getByRole('option', { name: new RegExp(`/${community.name}`) });
  await expect(suggestion).toBeVisible();
  await box.press('ArrowDown');
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('Escape');
  await expect(searchDialog(page)).toBeHidden();
  await expect(opener).toBeFocused();

  // Text typed and nothing highlighted: the search field does not take the press for itself.
  await opener.focus();
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await box.fill('anything');
  await page.keyboard.press('Escape');
  await expect(searchDialog(page)).toBeHidden();
  await expect(opener).toBeFocused();
});

test("the results show a post's and a comment's excerpt as text, without the markdown they were written in", async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const word = newWord();
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('srch'), about: null });
  const post = await apiAs<Post>(page, 'POST', '/api/posts', {
    type: 'text',
    title: `Notes on ${word}`,
    body: `## Care notes\n\nWater your **${word}** at dawn, see [the guide](https://example.com/guide).\n\n> Shade helps too.`,
    community: community.name,
  });
  await apiAs<Comment>(page, 'POST', `/api/posts/${post.publicId}/comments`, { body: `- _Pinch_ the ${word} tops ~~weekly~~ \`daily\``, parentCommentId: null });

  await page.goto(`/search?q=${word}`);
  const results = page.getByRole('list', { name: `Results for ${word}` });
  await expect(results.getByRole('link', { name: `Notes on ${word}` })).toBeVisible();
  const postExcerpt = results.locator('.search-result__excerpt');
  await expect(postExcerpt).toContainText(`Water your ${word} at dawn, see the guide`);
  await expect(postExcerpt.locator('mark', { hasText: word })).toBeVisible();
  for (const syntax of ['**', '##', '](', 'https://example.com', '>']) await expect(postExcerpt).not.toContainText(syntax);

  await page.getByRole('tab', { name: 'Comments' }).click();
  const commentExcerpt = page.getByRole('tabpanel').locator('.search-result__excerpt');
  await expect(commentExcerpt).toContainText(`Pinch the ${word} tops weekly daily`);
  for (const syntax of ['_Pinch_', '~~', '`', '- ']) await expect(commentExcerpt).not.toContainText(syntax);
});

test('a search from the dialog opens the results page, whose tabs lead to a comment, and is remembered', async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const word = newWord();
  const { post, comment } = await seed(page, word);
  await page.goto('/');

  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await searchDialog(page).getByRole('combobox', { name: 'Search' }).fill(word);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(searchDialog(page)).toBeHidden();

  const results = page.getByRole('list', { name: `Results for ${word}` });
  const postLink = results.getByRole('link', { name: `Growing ${word} on a balcony` });
  await expect(postLink).toHaveAttribute('href', postPath(post));
  await expect(results.locator('mark', { hasText: word }).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Comments' }).click();
  await expect(page).toHaveURL(`/search?q=${word}&type=comments`);
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue(word);
  await page.getByRole('tabpanel').getByRole('link', { name: new RegExp(`${word} needed more shade`) }).click();
  await expect(page).toHaveURL(postPath(post, comment.id));

  // The search is among the recent ones when the dialog opens empty; Clear forgets them.
  await openWithSlash(page);
  const recent = searchDialog(page).getByRole('listbox', { name: 'Recent searches' });
  await expect(recent.getByRole('option').first()).toHaveText(word);
  await recent.getByRole('option', { name: word }).click();
  await expect(page).toHaveURL(`/search?q=${word}`);
  // On the results page '/' goes to the page's own box; the navbar button still opens the dialog.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Search' })).toBeFocused();
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await searchDialog(page).getByRole('button', { name: 'Clear' }).click();
  await expect(searchDialog(page).getByRole('option')).toHaveCount(0);
});

test('modifiers in the box narrow the search to a community or to comments', async ({ page }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const word = newWord();
  const first = await seed(page, word);
  const second = await seed(page, word);

  await page.goto(`/search?q=${encodeURIComponent(`in:${second.community.name} ${word}`)}`);
  const results = page.getByRole('tabpanel').getByRole('list');
  await expect(results.getByRole('article')).toHaveCount(1);
  await expect(results.getByRole('link', { name: `/${second.community.name}` })).toBeVisible();
  await expect(results.getByRole('link', { name: `/${first.community.name}` })).toHaveCount(0);

  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill(`type:comment ${word}`);
  await box.press('Enter');
  await expect(page.getByRole('tab', { name: 'Comments' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(2);

  await page.getByRole('tab', { name: 'Communities' }).click();
  await box.fill(second.community.name);
  await box.press('Enter');
  await expect(page.getByRole('tabpanel').getByRole('link', { name: second.community.name, exact: true })).toHaveAttribute('href', `/${second.community.name}`);

  await box.fill(`nothingmatches${word}`);
  await box.press('Enter');
  await expect(page.getByText(`No results for “nothingmatches${word}”`)).toBeVisible();
});

test('offline, a search finds what the saved data holds and says so, without asking the server', async ({ page, context }) => {
  await logIn(page, ADMIN.username, ADMIN.password);
  const word = newWord();
  const { community } = await seed(page, word);
  await page.goto(`/${community.name}`);
  await expect(page.getByRole('article', { name: `Growing ${word} on a balcony` })).toBeVisible();
  // An online search first, so that the results page is loaded before the network goes.
  await openWithSlash(page);
  const warmupAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/search');
  await page.keyboard.type('warmup');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/search?q=warmup');
  await warmupAnswered;

  await context.setOffline(true);
  // Counted from the moment the network is gone: nothing may be asked of the server after it.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(request.url());
  });
  await expect(page.getByTestId('search-offline-note')).toBeVisible();

  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill(word.toUpperCase());
  await box.press('Enter');
  await expect(page.getByTestId('search-offline-note')).toHaveText("You're offline. These results come only from data saved on this device.");
  const results = page.getByRole('list', { name: `Saved results for ${word.toUpperCase()}` });
  await expect(results.getByRole('link', { name: `Growing ${word} on a balcony` })).toBeVisible();

  // The dialog's suggestions come from saved data too.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await searchDialog(page).getByRole('combobox', { name: 'Search' }).fill(community.name);
  await expect(searchDialog(page).getByRole('option', { name: new RegExp(`/${community.name}`) })).toBeVisible();
  await expect(searchDialog(page).getByTestId('search-offline-note')).toBeVisible();
  expect(asked).toEqual([]);
  await context.setOffline(false);
});

test('on a phone, the tab bar leads to the search page, with the cursor in its box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL('/search');
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  const box = page.getByRole('main').getByRole('combobox', { name: 'Search' });
  await expect(box).toBeFocused();
  await box.fill('anything at all');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?q=anything+at+all');
});
