import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Drafts } from '@quorum/shared/entities/drafts';
import type { Post } from '@quorum/shared/entities/posts';
import { ADMIN, apiAs, expectNoSidewaysScroll, logIn, saveScreen } from './helpers.ts';
import { commentItem, newUser, openPost, own, pinnedComment, seedChain, seedComment, seedPost, switchTo } from './post-helpers.ts';

test('a reader comments, replies three levels deep, edits and deletes', async ({ page }) => {
  const { post } = await seedPost(page);
  const username = await newUser(page);
  await openPost(page, post);
  await expect(page.getByRole('heading', { name: '0 comments' })).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('Message body cannot be empty.')).toBeVisible();

  await box.fill('Water it from below and give it sun.');
  await box.press('Control+Enter');
  const first = await pinnedComment(page, 'Water it from below');
  await expect(first).toHaveAttribute('data-depth', '0');
  await expect(box).toHaveValue('');
  await expect(page.getByRole('heading', { name: '1 comment' })).toBeVisible();

  let parent = first;
  for (const [depth, text] of ['Reply one', 'Reply two', 'Reply three'].entries()) {
    await own(parent).getByRole('button', { name: 'Reply' }).click();
    await own(parent).getByRole('textbox', { name: /^Reply to/ }).fill(`${text} goes here.`);
    await own(parent).getByRole('button', { name: 'Reply', exact: true }).last().click();
    const child = await pinnedComment(page, `${text} goes here.`);
    await expect(child).toHaveAttribute('data-depth', String(depth + 1));
    await expect(parent.locator('.comment__replies').first()).toContainText(`${text} goes here.`);
    parent = child;
  }
  await expect(page.getByRole('heading', { name: '4 comments' })).toBeVisible();

  const third = await pinnedComment(page, 'Reply three goes here.');
  await own(third).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = third.getByRole('textbox', { name: 'Edit your comment' });
  await edit.fill('Reply three, edited.');
  await third.getByRole('button', { name: 'Save' }).click();
  await expect(third.locator('.comment__body')).toHaveText('Reply three, edited.');

  const second = await pinnedComment(page, 'Reply two goes here.');
  await own(second).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(second.locator(':scope > .comment__main .comment__deleted').first()).toHaveText('Deleted by author');
  await expect(own(second).getByRole('button', { name: 'Reply' })).toHaveCount(0);
  await expect(own(second).getByRole('button', { name: 'Upvote' })).toHaveCount(0);
  // Its reply stays in place.
  await expect(page.getByText('Reply three, edited.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '3 comments' })).toBeVisible();
  await expect(own(third).getByRole('link', { name: `@${username}` })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: '3 comments' })).toBeVisible();
  await expect(commentItem(page, 'Reply three, edited.')).toHaveAttribute('data-depth', '3');
});

test('Escape or Cancel in a reply box asks before throwing away what was typed, and focus goes back to Reply', async ({ page }) => {
  const { post } = await seedPost(page);
  await seedComment(page, post, 'Which soil do you use?');
  await newUser(page);
  await openPost(page, post);
  const parent = await pinnedComment(page, 'Which soil do you use?');
  const replyButton = own(parent).getByRole('button', { name: 'Reply' });
  const discard = page.getByRole('dialog', { name: 'Discard what you wrote?' });
  const keepWriting = discard.getByRole('button', { name: 'Keep writing' });
  const textColor = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);

  // An empty box closes at once.
  await replyButton.click();
  await own(parent).getByRole('textbox', { name: /^Reply to/ }).press('Escape');
  await expect(own(parent).getByRole('textbox', { name: /^Reply to/ })).toHaveCount(0);
  await expect(replyButton).toBeFocused();

  await replyButton.click();
  const box = own(parent).getByRole('textbox', { name: /^Reply to/ });
  await box.fill('A peat-free mix, half compost.');
  await box.press('Escape');
  await expect(discard).toBeVisible();
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(discard.getByRole('button', { name: 'Discard' })).toBeInViewport();
      // Colours ease into a new theme: the screenshot waits for the buttons to reach the dialog's text colour.
      await expect.poll(async () => (await textColor(keepWriting)) === (await textColor(discard.getByRole('heading')))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await saveScreen(page, `discard-reply-${width}-${colorScheme}`);
    }
  }
  await discard.getByRole('button', { name: 'Keep writing' }).click();
  await expect(discard).toHaveCount(0);
  await expect(box).toHaveValue('A peat-free mix, half compost.');
  await expect(box).toBeFocused();

  await own(parent).getByRole('button', { name: 'Cancel' }).click();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(own(parent).getByRole('textbox', { name: /^Reply to/ })).toHaveCount(0);
  await expect(replyButton).toBeFocused();
});

test('a comment and its replies collapse and expand, from the thread line too', async ({ page }) => {
  const { post } = await seedPost(page);
  await seedChain(page, post, 2, 'Fold');
  await openPost(page, post);

  const top = await pinnedComment(page, 'Fold 0 of the thread.');
  const line = top.locator(':scope > .comment__line');
  await expect(line).toHaveAttribute('aria-expanded', 'true');
  await line.click();
  await expect(line).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Fold 1 of the thread.')).toBeHidden();
  await expect(page.getByText('Fold 0 of the thread.')).toBeHidden();
  await expect(top.getByRole('button', { name: '2 replies hidden' })).toBeVisible();

  // The thread line is a real button: the keyboard reaches and works it.
  await line.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Fold 2 of the thread.')).toBeVisible();
  await expect(line).toHaveAttribute('aria-expanded', 'true');

  await (await pinnedComment(page, 'Fold 1 of the thread.')).locator(':scope > .comment__line').click();
  await expect(page.getByText('Fold 2 of the thread.')).toBeHidden();
  await expect(page.getByText('Fold 0 of the thread.')).toBeVisible();
  await page.getByRole('button', { name: '1 reply hidden' }).click();
  await expect(page.getByText('Fold 2 of the thread.')).toBeVisible();
});

test('voting on a comment changes its count at once and keeps it', async ({ page }) => {
  const { post } = await seedPost(page);
  await seedComment(page, post, 'Vote on this comment.');
  await newUser(page);
  await openPost(page, post);

  const comment = commentItem(page, 'Vote on this comment.');
  const score = comment.getByTestId('comment-score');
  await expect(score).toHaveText(/^1/);
  const voted = () => page.waitForResponse((response) => response.url().endsWith('/api/_commentVote'));
  await Promise.all([voted(), comment.getByRole('button', { name: 'Upvote' }).click()]);
  await expect(score).toHaveText(/^2/);
  await expect(comment.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  await Promise.all([voted(), comment.getByRole('button', { name: 'Downvote' }).click()]);
  await expect(score).toHaveText(/^0/);
  await expect(comment.getByRole('button', { name: 'Downvote' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(commentItem(page, 'Vote on this comment.').getByTestId('comment-score')).toHaveText(/^0/);
});

test("a comment's permalink shows its thread, scrolled into view and highlighted", async ({ page }) => {
  const { post } = await seedPost(page);
  // 31 top-level comments fill more than the first page (newest first among equals), so the first
  // one and its replies arrive only through the permalink's own thread.
  const chain = await seedChain(page, post, 3, 'Deep');
  for (let i = 1; i <= 30; i++) await seedComment(page, post, `Filler comment ${i}.`);
  const target = chain[2];
  if (!target) throw new Error('no target');

  await openPost(page, post, target.id);
  const focused = page.locator(`#comment-${target.id}`);
  await expect(focused).toHaveClass(/comment--focused/);
  await expect(own(focused)).toBeInViewport();
  await expect(page.getByText('Deep 0 of the thread.')).toBeVisible();
  await expect(page.getByText('Deep 3 of the thread.')).toBeVisible();
  await expect(page.getByText('Filler comment 30.')).toHaveCount(0);

  await page.getByRole('link', { name: 'View all comments' }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${post.publicId}$`));
  await expect(page.getByText('Filler comment 30.')).toBeVisible();
  await expect(page.locator('.comment--focused')).toHaveCount(0);
  // The oldest top-level comment is on the second page.
  await expect(page.getByText('Deep 0 of the thread.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Load more comments' }).click();
  await expect(page.getByText('Deep 0 of the thread.')).toBeVisible();
});

test('the vote bar shows the share of upvotes and follows votes', async ({ page }) => {
  const { post } = await seedPost(page);
  await newUser(page);
  await openPost(page, post);

  const percent = page.getByTestId('post-upvote-percent');
  const score = page.getByTestId('post-score');
  await expect(percent).toHaveText('100% upvoted');
  await expect(score).toHaveText(/^1/);
  // A second vote while the first is on its way is ignored, so each waits for the server.
  const voted = () => page.waitForResponse((response) => response.url().endsWith('/api/_postVote'));
  await Promise.all([voted(), page.getByRole('button', { name: 'Downvote' }).first().click()]);
  await expect(percent).toHaveText('50% upvoted');
  await expect(score).toHaveText(/^0/);
  await expect(page.getByRole('meter', { name: 'Upvoted' })).toHaveAttribute('aria-valuenow', '50');
  await Promise.all([voted(), page.getByRole('button', { name: 'Upvote' }).first().click()]);
  await expect(percent).toHaveText('100% upvoted');
  await expect(score).toHaveText(/^2/);
});

test("a locked post refuses a normal user's comment while a mod can comment", async ({ page }) => {
  const { post } = await seedPost(page);
  await apiAs<Post>(page, 'PUT', `/api/posts/${post.publicId}?action=lock&lockAs=mods`);
  await newUser(page);
  await openPost(page, post);

  await expect(page.getByText(/This post is locked by the moderators/).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
  await expect(page.getByText('This post has been locked by the moderators. New comments cannot be posted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upvote' }).first()).toBeDisabled();

  await switchTo(page, ADMIN.username, ADMIN.password);
  await openPost(page, post);
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('A word from the moderators.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(commentItem(page, 'A word from the moderators.')).toBeVisible();
});

test("a mod's own comment is changed to speak as a mod, as an admin and as themself, after posting", async ({ page }) => {
  const { post } = await seedPost(page);
  await seedComment(page, post, 'Please keep the thread on topic.');
  await openPost(page, post);
  const comment = await pinnedComment(page, 'Please keep the thread on topic.');
  const badge = own(comment).locator('.group-badge');
  await expect(badge).toHaveCount(0);

  await own(comment).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Speak as mod' }).click();
  await expect(badge).toHaveText('Mod');
  await page.reload();
  await expect(own(await pinnedComment(page, 'Please keep the thread on topic.')).locator('.group-badge')).toHaveText('Mod');

  await own(comment).getByRole('button', { name: 'More options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Speak as mod' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Speak as admin' }).click();
  await expect(badge).toHaveText('Admin');
  await own(comment).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Speak as yourself' }).click();
  await expect(badge).toHaveCount(0);

  // Nobody else is offered the choice.
  await newUser(page);
  await openPost(page, post);
  await own(await pinnedComment(page, 'Please keep the thread on topic.')).getByRole('button', { name: 'More options' }).click();
  await expect(page.getByRole('menuitem', { name: /Speak as/ })).toHaveCount(0);
});

test('visitors get the login prompt instead of a comment box', async ({ page }) => {
  const { post } = await seedPost(page);
  await seedComment(page, post, 'Hello visitors.');
  await apiAs(page, 'POST', '/api/_login?action=logout');
  await openPost(page, post);
  // The app starts from the member it last knew, until the server says the session is gone.
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();

  await page.getByRole('button', { name: /Add a comment/ }).click();
  await expect(page.getByRole('dialog', { name: 'Login to continue' })).toBeVisible();
  await page.keyboard.press('Escape');
  await commentItem(page, 'Hello visitors.').getByRole('button', { name: 'Upvote' }).click();
  await expect(page.getByRole('dialog', { name: 'Login to continue' })).toBeVisible();
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  test('a fifteen-level thread stays readable', async ({ page }) => {
    const { post } = await seedPost(page);
    const chain = await seedChain(page, post, 15, 'Nested');
    await openPost(page, post);

    const deepest = page.locator(`#comment-${chain[15]?.id ?? ''}`);
    await expect(deepest).toHaveAttribute('data-depth', '15');
    await deepest.scrollIntoViewIfNeeded();
    const body = deepest.locator('.comment__body');
    await expect(body).toHaveText('Nested 15 of the thread.');
    const box = await body.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(200);
    // Nothing pokes out sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Replies nested past the indent cap say whom they answer.
    await expect(deepest.locator('.comment__reply-to').first()).toBeVisible();
  });
});

test("a muted user's comment waits behind a control until shown", async ({ page }) => {
  const { post } = await seedPost(page);
  const admin = await apiAs<{ id: string }>(page, 'GET', '/api/_user');
  await seedComment(page, post, 'Words from someone you muted.');
  await newUser(page);
  await apiAs(page, 'POST', '/api/mutes', { userId: admin.id });
  await openPost(page, post);

  await expect(page.getByText('Comment by a muted user')).toBeVisible();
  await expect(page.getByText('Words from someone you muted.')).toHaveCount(0);
  await page.getByRole('button', { name: 'show' }).click();
  await expect(page.getByText('Words from someone you muted.')).toBeVisible();
});

test('comments written since the last visit are counted and marked new', async ({ page }) => {
  const { post } = await seedPost(page);
  const reader = await newUser(page);
  await openPost(page, post);
  await expect(page.getByRole('heading', { name: '0 comments' })).toBeVisible();

  await switchTo(page, ADMIN.username, ADMIN.password);
  await seedComment(page, post, 'Written while you were away.');
  await switchTo(page, reader);
  await openPost(page, post);
  await expect(page.getByText('1 new comment', { exact: true })).toBeVisible();
  await expect(commentItem(page, 'Written while you were away.')).toHaveClass(/comment--new/);
  await expect(commentItem(page, 'Written while you were away.').getByText('new', { exact: true })).toBeVisible();
});

test("a comment with more replies than came with the page loads the rest with 'more replies'", async ({ page }) => {
  const { post } = await seedPost(page);
  const top = await seedComment(page, post, 'A very popular comment.');
  // The first page carries the best COMMENT_REPLIES_PER_COMMENT (5) replies of each comment.
  await Promise.all(Array.from({ length: 7 }, (_, i) => seedComment(page, post, `Answer number ${i + 1}.`, top.id)));
  await openPost(page, post);
  const item = await pinnedComment(page, 'A very popular comment.');
  const more = own(item).locator('..').getByRole('button', { name: '2 more replies' });
  await expect(more).toBeVisible();
  await expect(item.locator('li.comment')).toHaveCount(5);
  await more.click();
  await expect(item.locator('li.comment')).toHaveCount(7);
  await expect(more).toHaveCount(0);
});

/** The words of the drafts kept on this device, as the page's storage holds them. */
const keptDrafts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open('quorum-drafts');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve([]);
          const all = db.transaction('drafts').objectStore('drafts').getAll();
          all.onsuccess = () => resolve((all.result as Array<{ value: string }>).map((draft) => draft.value).sort());
          all.onerror = () => reject(all.error);
        };
      }),
  );

test('a comment and a reply being written survive a reload, leaving the page and another device; sent or thrown away, they are gone', async ({ page, browser }) => {
  const { post } = await seedPost(page);
  await seedComment(page, post, 'Which soil do you use?');
  const username = await newUser(page);
  await openPost(page, post);

  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('Half a thought about basil');
  const parent = commentItem(page, 'Which soil do you use?');
  await own(parent).getByRole('button', { name: 'Reply' }).click();
  await own(parent).getByRole('textbox', { name: /^Reply to/ }).fill('Peat-free compost, mostly');
  await expect.poll(() => keptDrafts(page)).toEqual(['Half a thought about basil', 'Peat-free compost, mostly']);

  // They follow the member to another device.
  await expect.poll(async () => (await apiAs<Drafts>(page, 'GET', '/api/drafts')).drafts.map((draft) => draft.value).sort())
    .toEqual(['Half a thought about basil', 'Peat-free compost, mostly']);
  const laptop = await browser.newContext();
  try {
    const other = await laptop.newPage();
    await other.goto('/');
    await logIn(other, username);
    await openPost(other, post);
    await expect(other.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('Half a thought about basil');
  } finally {
    await laptop.close();
  }

  // Back after a reload: the comment box has its words, and the reply box has them once opened again.
  await page.reload();
  await expect(box).toHaveValue('Half a thought about basil');
  await own(parent).getByRole('button', { name: 'Reply' }).click();
  const reply = own(parent).getByRole('textbox', { name: /^Reply to/ });
  await expect(reply).toHaveValue('Peat-free compost, mostly');

  // Leaving for another page and coming back keeps them too.
  await page.goto('/');
  await openPost(page, post);
  await expect(box).toHaveValue('Half a thought about basil');

  // Drafts lists both; Continue takes the reply up where it was, its box open with its words.
  await page.getByRole('button', { name: `@${username}` }).click();
  await page.getByRole('menuitem', { name: 'Drafts' }).click();
  const drafts = page.getByRole('list', { name: 'Drafts' });
  await expect(drafts.getByRole('listitem')).toHaveCount(2);
  await expect(drafts).toContainText(`Comment on “${post.title}”`);
  await expect(drafts).toContainText('Half a thought about basil');
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.reload();
    await expect(drafts.getByRole('listitem')).toHaveCount(2);
    await expectNoSidewaysScroll(page, 'the drafts page');
    await saveScreen(page, `drafts-${width}`);
  }
  await drafts.getByRole('link', { name: /^Continue: Reply to/ }).click();
  await expect(own(parent).getByRole('textbox', { name: /^Reply to/ })).toHaveValue('Peat-free compost, mostly');
  await expect(own(parent).getByRole('textbox', { name: /^Reply to/ })).toBeFocused();
  await openPost(page, post);

  // Sent, the comment's draft is gone; the reply thrown away with Cancel is gone as well.
  await box.fill('Basil likes a warm windowsill.');
  await box.press('Control+Enter');
  await pinnedComment(page, 'Basil likes a warm windowsill.');
  await own(parent).getByRole('button', { name: 'Reply' }).click();
  await expect(reply).toHaveValue('Peat-free compost, mostly');
  await own(parent).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Discard what you wrote?' }).getByRole('button', { name: 'Discard' }).click();
  await expect.poll(() => keptDrafts(page)).toEqual([]);
  await page.reload();
  await expect(box).toHaveValue('');
  await page.goto('/drafts');
  await expect(page.getByText('No drafts.')).toBeVisible();
});

test('a draft sent on one device does not come back on another that still had it', async ({ page, browser }) => {
  const { post } = await seedPost(page);
  const username = await newUser(page);
  await openPost(page, post);
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('Repot it in spring');
  await expect.poll(async () => (await apiAs<Drafts>(page, 'GET', '/api/drafts')).drafts.map((draft) => draft.value)).toEqual(['Repot it in spring']);

  const laptop = await browser.newContext();
  try {
    // The laptop takes the draft up once, and so keeps a copy of it.
    const other = await laptop.newPage();
    await other.goto('/');
    await logIn(other, username);
    await openPost(other, post);
    const otherBox = other.getByRole('textbox', { name: 'Add a comment' });
    await expect(otherBox).toHaveValue('Repot it in spring');
    await expect.poll(() => keptDrafts(other)).toEqual(['Repot it in spring']);
    await other.goto('/');

    // Sent on the phone: the server remembers that the draft is gone.
    await box.press('Control+Enter');
    await pinnedComment(page, 'Repot it in spring');
    await expect.poll(async () => (await apiAs<Drafts>(page, 'GET', '/api/drafts')).deleted.length).toBe(1);

    // The laptop's copy fills no form, is dropped from the laptop, and Drafts does not list it.
    await openPost(other, post);
    await expect(commentItem(other, 'Repot it in spring')).toBeVisible();
    await expect.poll(() => keptDrafts(other)).toEqual([]);
    await expect(otherBox).toHaveValue('');
    await other.goto('/drafts');
    await expect(other.getByText('No drafts.')).toBeVisible();
  } finally {
    await laptop.close();
  }
});
