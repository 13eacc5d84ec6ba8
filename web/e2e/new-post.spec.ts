import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiAs, logIn, logOutViaApi, makePng, newCommunityName, newUsername, saveScreen, signUp } from './helpers.ts';
import {
  getPost, pngFile, publicIdFromPostUrl, seedCommunitiesThenSignUp, serveTitledPage, type CommunityJson, type PostJson,
} from './new-post-helpers.ts';

const picker = (page: Page) => page.getByRole('combobox', { name: 'Community' });
const postButton = (page: Page) => page.getByRole('button', { name: 'Post', exact: true });
const titleBox = (page: Page) => page.getByLabel('Title', { exact: true });
const imageRows = (page: Page) => page.getByRole('listitem', { name: /^Image \d+ of \d+$/ });
const fileNames = (page: Page) => page.locator('.upload-row__name').allTextContents();

test('a text post: the community picked with the keyboard, a link pasted over a word, posted with Ctrl+Enter', async ({ page }) => {
  const stem = newCommunityName('npk');
  const [first, second] = [`${stem}alpha`, `${stem}beta`];
  await seedCommunitiesThenSignUp(page, [
    { name: first, about: 'The first community of this test.', rules: ['Be kind to each other'] },
    { name: second, about: 'The second one.' },
  ]);
  await page.goto('/new');
  await expect(page.getByRole('heading', { name: 'Create a post' })).toBeVisible();

  const input = picker(page);
  const listbox = page.getByRole('listbox', { name: 'Communities' });
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await input.click();
  await input.pressSequentially(stem);
  await expect(listbox).toBeVisible();
  await expect(listbox.getByRole('option')).toHaveCount(2);
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(input).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) ?? '');

  const activeName = async () => {
    const id = await input.getAttribute('aria-activedescendant');
    expect(id).toBeTruthy();
    const option = page.locator(`[id="${id}"]`);
    await expect(option).toHaveAttribute('aria-selected', 'true');
    return ((await option.locator('.combobox__option-name').textContent()) ?? '').trim();
  };
  const top = await activeName();
  await input.press('ArrowDown');
  const next = await activeName();
  expect(next).not.toBe(top);
  await input.press('ArrowDown');
  expect(await activeName()).toBe(top);
  await input.press('ArrowUp');
  expect(await activeName()).toBe(next);

  await input.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(input).toHaveValue(next);
  await expect(page).toHaveURL(/\/new$/);

  // Escape closes the list; leaving the box keeps the community chosen before.
  await input.fill(stem);
  await expect(listbox).toBeVisible();
  await input.press('Escape');
  await expect(listbox).toBeHidden();
  await titleBox(page).click();
  await expect(input).toHaveValue(next);

  // Opening the list and tabbing away keeps the choice.
  await input.click();
  await expect(listbox).toBeVisible();
  await input.press('Tab');
  await expect(input).toHaveValue(next);

  // Tab picks the highlighted suggestion and moves on.
  const other = next === first ? second : first;
  await input.focus();
  await input.pressSequentially(other.slice(0, stem.length + 2));
  await expect(listbox.getByRole('option')).toHaveCount(1);
  await expect(listbox.getByRole('option', { name: new RegExp(other) })).toBeVisible();
  await input.press('Tab');
  await expect(input).toHaveValue(other);
  await expect(input).not.toBeFocused();
  await expect(listbox).toBeHidden();
  if (other !== first) {
    // Make sure the rest of the test posts in the first community, whose rules are known.
    await input.focus();
    // Enter right after typing waits for the matching community.
    await input.pressSequentially(first);
    await input.press('Enter');
  }
  await expect(input).toHaveValue(first);
  const aside = page.getByRole('complementary', { name: `About ${first}` });
  await expect(aside.getByText('The first community of this test.')).toBeVisible();
  await expect(aside.getByText('Be kind to each other')).toBeVisible();

  await titleBox(page).fill('Where to start with the docs');
  const body = page.getByLabel(/^Body/);
  await body.fill('Read the docs first.');
  await body.evaluate((element: HTMLTextAreaElement) => {
    const start = element.value.indexOf('the docs');
    element.focus();
    element.setSelectionRange(start, start + 'the docs'.length);
    const clipboard = new DataTransfer();
    clipboard.setData('text/plain', 'https://example.com/docs');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
  });
  await expect(body).toHaveValue('Read [the docs](https://example.com/docs) first.');

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('region', { name: 'Preview of the body' }).getByRole('link', { name: 'the docs' })).toHaveAttribute(
    'href',
    'https://example.com/docs',
  );
  await page.getByRole('button', { name: 'Write' }).click();

  // The post page opens from the answer of the create call, without fetching the post again.
  const postReads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /^\/api\/posts\/[A-Za-z0-9]+$/.test(new URL(request.url()).pathname)) postReads.push(request.url());
  });
  await body.press('Control+Enter');
  const publicId = await publicIdFromPostUrl(page, first);
  await expect(page.getByRole('heading', { name: 'Where to start with the docs' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Comment', exact: true })).toBeVisible();
  expect(postReads).toEqual([]);
  const post = await getPost(page, publicId);
  expect(post).toMatchObject({
    type: 'text',
    title: 'Where to start with the docs',
    body: 'Read [the docs](https://example.com/docs) first.',
    communityName: first,
    userGroup: 'normal',
  });
});

test('validation messages show live, in the specification words', async ({ page }) => {
  await signUp(page, newUsername('npv'));
  await page.goto('/new');
  await postButton(page).click();
  await expect(page.getByText('Select a community first')).toBeVisible();
  await expect(page.getByText('Your post needs a title')).toBeVisible();
  await expect(picker(page)).toBeFocused();

  const title = titleBox(page);
  await title.fill('ab');
  await expect(page.getByText('Title is too short')).toBeVisible();
  await title.fill('abc');
  await expect(page.getByText('Title is too short')).toBeHidden();
  await expect(page.getByText('3 / 255')).toBeVisible();
  await title.fill('x'.repeat(300));
  await expect(title).toHaveValue('x'.repeat(255));
  await expect(page.getByText('255 / 255')).toBeVisible();

  // The tabs are a tablist: arrows move between them.
  const textTab = page.getByRole('tab', { name: 'Text' });
  await expect(textTab).toHaveAttribute('aria-selected', 'true');
  await textTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Image' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Image' })).toBeFocused();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(page.getByText("You haven't uploaded an image")).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Link' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Please submit a valid URL')).toBeVisible();
  const url = page.getByLabel('URL', { exact: true });
  await url.fill('example.com');
  await expect(page.getByText('Please submit a valid URL')).toBeVisible();
  await url.fill('ftp://example.com/file');
  await expect(page.getByText('Please submit a valid URL')).toBeVisible();
  await url.fill('https://example.com/page');
  await expect(page.getByText('Please submit a valid URL')).toBeHidden();
});

test('an image post: upload by choosing, pasting and dropping, alt text, caption, reorder and remove', async ({ page }) => {
  const name = newCommunityName('npi');
  await seedCommunitiesThenSignUp(page, [{ name }]);
  await page.goto(`/new?community=${name}`);
  await expect(picker(page)).toHaveValue(name);
  await expect(page.getByRole('complementary', { name: `About ${name}` })).toBeVisible();

  await page.getByRole('tab', { name: 'Image' }).click();
  await titleBox(page).fill('Three squares and friends');
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles([pngFile('first.png', [220, 40, 40]), pngFile('second.png', [40, 200, 40]), pngFile('third.png', [40, 40, 220])]);
  await expect(imageRows(page)).toHaveCount(3);
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(3);

  await fileInput.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }]);
  await expect(page.getByText("File 'notes.txt' is of an unsupported type.")).toBeVisible();
  await fileInput.setInputFiles(Array.from({ length: 8 }, (_, i) => pngFile(`extra-${i}.png`, [i * 30, 90, 90])));
  await expect(page.getByText('Image posts cannot contain more than 10 images. Please select fewer images and continue.')).toBeVisible();
  await expect(imageRows(page)).toHaveCount(3);

  const bytes = [...makePng(40, 30, [250, 200, 0])];
  await page.evaluate((data) => {
    const clipboard = new DataTransfer();
    clipboard.items.add(new File([new Uint8Array(data)], 'pasted.png', { type: 'image/png' }));
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
  }, bytes);
  await expect(imageRows(page)).toHaveCount(4);

  const dropped = await page.evaluateHandle((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'dropped.png', { type: 'image/png' }));
    return transfer;
  }, bytes);
  await page.locator('.uploader').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(imageRows(page)).toHaveCount(5);
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(5);
  expect(await fileNames(page)).toEqual(['first.png', 'second.png', 'third.png', 'pasted.png', 'dropped.png']);

  const firstRow = page.getByRole('listitem', { name: 'Image 1 of 5' });
  await firstRow.getByLabel('Alt text').fill('A red square');
  await expect(firstRow.getByText('12 / 1024')).toBeVisible();
  await firstRow.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Alt text saved.')).toBeVisible();
  await expect(firstRow.getByRole('button', { name: 'Saved' })).toBeDisabled();
  await page.getByRole('listitem', { name: 'Image 3 of 5' }).getByLabel('Caption').fill('The blue one');

  await page.getByRole('button', { name: 'Move image 3 earlier' }).click();
  expect(await fileNames(page)).toEqual(['first.png', 'third.png', 'second.png', 'pasted.png', 'dropped.png']);
  await expect(page.getByRole('button', { name: 'Move image 2 earlier' })).toBeFocused();
  await page.getByRole('button', { name: 'Move image 4 later' }).click();
  expect(await fileNames(page)).toEqual(['first.png', 'third.png', 'second.png', 'dropped.png', 'pasted.png']);
  await expect(page.getByRole('button', { name: 'Move image 5 earlier' })).toBeFocused();

  await page.getByRole('button', { name: 'Remove image 3' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to delete the current image?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(imageRows(page)).toHaveCount(5);
  await page.getByRole('button', { name: 'Remove image 3' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  expect(await fileNames(page)).toEqual(['first.png', 'third.png', 'dropped.png', 'pasted.png']);

  // Alt text typed but not saved is saved when posting.
  await page.getByRole('listitem', { name: 'Image 2 of 4' }).getByLabel('Alt text').fill('A blue square');
  await postButton(page).click();
  const publicId = await publicIdFromPostUrl(page, name);
  const post = await getPost(page, publicId);
  expect(post.type).toBe('image');
  expect(post.title).toBe('Three squares and friends');
  expect(post.images.map((image) => image.altText)).toEqual(['A red square', 'A blue square', null, null]);
  expect(post.images.map((image) => image.caption ?? null)).toEqual([null, 'The blue one', null, null]);
});

test('an upload shows its progress and can be cancelled', async ({ page }) => {
  await signUp(page, newUsername('npu'));
  await page.goto('/new');
  await page.getByRole('tab', { name: 'Image' }).click();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/_uploads', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.locator('input[type="file"]').setInputFiles([pngFile('slow.png', [10, 10, 10]), pngFile('kept.png', [90, 90, 90])]);
  await expect(page.getByRole('progressbar', { name: 'Uploading slow.png' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Image 1 of 2' })).toHaveAttribute('aria-busy', 'true');

  await page.getByRole('button', { name: 'Cancel the upload of image 1' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(await fileNames(page)).toEqual(['kept.png']);
  release();
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(1);

  // An image dropped anywhere on the page joins the post too.
  const dropped = await page.evaluateHandle((data) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(data)], 'anywhere.png', { type: 'image/png' }));
    return transfer;
  }, [...makePng(20, 20, [0, 120, 240])]);
  await page.getByRole('heading', { name: 'Create a post' }).dispatchEvent('drop', { dataTransfer: dropped });
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);
  expect(await fileNames(page)).toEqual(['kept.png', 'anywhere.png']);
});

test('a link post is created even when the page title cannot be fetched; a found title is offered', async ({ page }) => {
  const name = newCommunityName('npl');
  await seedCommunitiesThenSignUp(page, [{ name }]);

  // A page on a server of the test's own: the API fetches its title (the e2e server may reach local addresses).
  const site = await serveTitledPage('An Example Page');
  try {
    await page.goto(`/new?community=${name}`);
    await page.getByRole('tab', { name: 'Link' }).click();
    await page.getByLabel('URL', { exact: true }).fill(`${site.url}/offered`);
    await page.getByRole('button', { name: 'Use as title' }).click();
    await expect(titleBox(page)).toHaveValue('An Example Page');
    await expect(page.getByRole('button', { name: 'Use as title' })).toBeHidden();
    await titleBox(page).fill('');
  } finally {
    await site.close();
  }

  // Addresses that are not web addresses are refused beside the field.
  await page.getByLabel('URL', { exact: true }).fill('ftp://example.invalid/file');
  await postButton(page).click();
  await expect(page.getByText('Please submit a valid URL')).toBeVisible();

  const lookedUp = page.waitForResponse((response) => response.url().includes('/api/_link_info?'));
  await page.getByLabel('URL', { exact: true }).fill('http://example.invalid/page');
  await expect(page.getByText('The URL you provided is not a valid URL.')).toBeHidden();
  // A page that cannot be read has an empty title: nothing is offered and the title stays as it was.
  expect(await (await lookedUp).json()).toEqual({ title: '' });
  await expect(page.getByText('The address of the page you want to share')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use as title' })).toHaveCount(0);
  await expect(titleBox(page)).toHaveValue('');
  await titleBox(page).fill('A page that cannot be reached');
  await postButton(page).click();
  const publicId = await publicIdFromPostUrl(page, name);
  const post = await getPost(page, publicId);
  expect(post.type).toBe('link');
  expect(post.title).toBe('A page that cannot be reached');
  expect(post.link?.url).toBe('http://example.invalid/page');
});

test('the author edits the title and body; others see Forbidden', async ({ page }) => {
  const name = newCommunityName('npe');
  await seedCommunitiesThenSignUp(page, [{ name, rules: ['Stay on topic'] }]);
  const created = await apiAs<PostJson>(page, 'POST', '/api/posts', { type: 'text', title: 'Original title', body: 'Original body', community: name });

  await page.goto(`/new?edit=${created.publicId}`);
  await expect(page.getByRole('heading', { name: 'Edit post' })).toBeVisible();
  await expect(picker(page)).toHaveCount(0);
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Image' })).toHaveAttribute('aria-disabled', 'true');
  // A locked tab does nothing when clicked.
  await page.getByRole('tab', { name: 'Image' }).click({ force: true });
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('complementary', { name: `About ${name}` }).getByText('Stay on topic')).toBeVisible();

  await expect(titleBox(page)).toHaveValue('Original title');
  await titleBox(page).fill('Edited title');
  await page.getByLabel(/^Body/).fill('Edited **body**');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${name}/post/${created.publicId}$`));
  const post = await getPost(page, created.publicId);
  expect(post.title).toBe('Edited title');
  expect(post.body).toBe('Edited **body**');

  await logOutViaApi(page);
  await signUp(page, newUsername('npo'));
  await page.goto(`/new?edit=${created.publicId}`);
  await expect(page.getByRole('heading', { name: 'Forbidden!' })).toBeVisible();

  await page.goto('/new?edit=doesnotexist');
  await expect(page.getByRole('heading', { name: '404: Not found!' })).toBeVisible();
});

test('leaving after writing something asks first', async ({ page }) => {
  await signUp(page, newUsername('npx'));
  await page.goto('/new');

  // Nothing written: Cancel just leaves.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/new');
  await titleBox(page).click();
  await titleBox(page).pressSequentially('Half a thought');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/new$/);
  await expect(titleBox(page)).toHaveValue('Half a thought');

  await page.getByRole('link', { name: 'Guidelines' }).first().click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/guidelines$/);

  // Closing the tab asks the browser's own question.
  await page.goto('/new');
  await titleBox(page).click();
  await titleBox(page).pressSequentially('Unsaved');
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.accept();
});

/** How many drafts the page's storage keeps on this device. */
const keptDraftCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('quorum-drafts');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve(0);
          const count = db.transaction('drafts').objectStore('drafts').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

test('what is written in the new-post form comes back after a reload, and is gone once posted', async ({ page }) => {
  const name = newCommunityName('npd');
  await seedCommunitiesThenSignUp(page, [{ name }]);
  const bodyBox = page.getByRole('textbox', { name: /^Body/ });
  await page.goto(`/new?community=${name}`);
  await titleBox(page).fill('Tomatoes on a north balcony');
  await bodyBox.fill('Has anyone managed it?');
  // Kept a moment after typing pauses; the reload finds it.
  await expect.poll(() => keptDraftCount(page)).toBe(1);
  await page.reload();
  await expect(titleBox(page)).toHaveValue('Tomatoes on a north balcony');
  await expect(bodyBox).toHaveValue('Has anyone managed it?');

  await expect(picker(page)).toHaveValue(name);
  await postButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tomatoes on a north balcony' })).toBeVisible();
  await page.goto('/new');
  await expect(titleBox(page)).toHaveValue('');
  await expect(bodyBox).toHaveValue('');

  // A draft deleted from Drafts does not come back.
  await titleBox(page).fill('Second thoughts');
  await expect.poll(() => keptDraftCount(page)).toBe(1);
  await page.goto('/drafts');
  await page.getByRole('button', { name: 'Delete draft: New post' }).click();
  await expect(page.getByText('No drafts.')).toBeVisible();
  await page.goto('/new');
  await expect(titleBox(page)).toHaveValue('');
});

test('pictures uploaded for an image post come back with its draft, with their alt text and caption, and are posted', async ({ page }) => {
  const name = newCommunityName('npk');
  await seedCommunitiesThenSignUp(page, [{ name }]);
  await page.goto(`/new?community=${name}`);
  await page.getByRole('tab', { name: 'Image' }).click();
  await titleBox(page).fill('Two squares kept');
  await page.locator('input[type="file"]').setInputFiles([pngFile('kept-red.png', [220, 40, 40]), pngFile('kept-green.png', [40, 200, 40])]);
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);
  const first = page.getByRole('listitem', { name: 'Image 1 of 2' });
  await first.getByLabel('Alt text').fill('A red square');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first.getByRole('button', { name: 'Saved' })).toBeDisabled();
  await page.getByRole('listitem', { name: 'Image 2 of 2' }).getByLabel('Caption').fill('The green one');
  await expect.poll(() => keptDraftCount(page)).toBe(1);

  await page.reload();
  await expect(titleBox(page)).toHaveValue('Two squares kept');
  await expect(page.getByRole('tab', { name: 'Image' })).toHaveAttribute('aria-selected', 'true');
  expect(await fileNames(page)).toEqual(['kept-red.png', 'kept-green.png']);
  await expect(page.getByText('Uploaded', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('listitem', { name: 'Image 1 of 2' }).getByLabel('Alt text')).toHaveValue('A red square');
  await expect(page.getByRole('listitem', { name: 'Image 2 of 2' }).getByLabel('Caption')).toHaveValue('The green one');
  // Shown from the uploaded copies, the files being on the device no more.
  await expect(imageRows(page).locator('img').first()).toHaveJSProperty('complete', true);
  expect(await imageRows(page).locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0))).toEqual([true, true]);
  await saveScreen(page, 'new-post-draft-images');

  await expect(picker(page)).toHaveValue(name);
  await postButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two squares kept' })).toBeVisible();
  const publicId = page.url().split('/post/')[1]!.split(/[/?]/)[0]!;
  const post = await apiAs<{ images: Array<{ altText: string | null; caption?: string | null }> }>(page, 'GET', `/api/posts/${publicId}`);
  expect(post.images.map((image) => [image.altText, image.caption ?? null])).toEqual([['A red square', null], [null, 'The green one']]);
  await page.goto('/new');
  await expect(imageRows(page)).toHaveCount(0);
});

test('points, required alt text, speaking as and restricted communities', async ({ page }) => {
  const open = newCommunityName('npo');
  const restricted = newCommunityName('npr');
  const { communities } = await seedCommunitiesThenSignUp(page, [{ name: open }, { name: restricted }]);

  // A user without the points for image and link posts is told so, and cannot submit those.
  await logOutViaApi(page);
  await logIn(page, ADMIN.username, ADMIN.password);
  await apiAs(page, 'PUT', '/api/site_settings', { imagePostSubmitReqPoints: 50, linkPostSubmitReqPoints: 40 });
  await logOutViaApi(page);
  await signUp(page, newUsername('npp'));
  try {
    await page.goto(`/new?community=${open}`);
    await page.getByRole('tab', { name: 'Image' }).click();
    await expect(page.getByText("You don't have enough points to submit images yet.")).toBeVisible();
    await expect(postButton(page)).toBeDisabled();
    await page.getByRole('tab', { name: 'Link' }).click();
    await expect(page.getByText("You don't have enough points to submit links yet.")).toBeVisible();
    await expect(postButton(page)).toBeDisabled();
    await page.getByRole('tab', { name: 'Text' }).click();
    await expect(postButton(page)).toBeEnabled();
  } finally {
    await logOutViaApi(page);
    await logIn(page, ADMIN.username, ADMIN.password);
    await apiAs(page, 'PUT', '/api/site_settings', { imagePostSubmitReqPoints: 0, linkPostSubmitReqPoints: 0 });
  }

  // With requireAltText on, every image needs alt text before posting.
  await logOutViaApi(page);
  await signUp(page, newUsername('npa'));
  await apiAs(page, 'POST', '/api/_settings?action=updateProfile', { requireAltText: true });
  await page.goto(`/new?community=${open}`);
  await page.getByRole('tab', { name: 'Image' }).click();
  await titleBox(page).fill('Described properly');
  await page.locator('input[type="file"]').setInputFiles([pngFile('needs-alt.png', [1, 2, 3])]);
  await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
  await postButton(page).click();
  await expect(page.getByText('One or more images are missing alt text...')).toBeVisible();
  await page.getByLabel('Alt text').fill('Dark pixels');
  await expect(page.getByText('One or more images are missing alt text...')).toBeHidden();

  // Posting in a restricted community is refused with the specification's words.
  await page.goto(`/new?community=${restricted}`);
  await logOutViaApi(page);
  await logIn(page, ADMIN.username, ADMIN.password);
  const target = communities.find((community: CommunityJson) => community.name === restricted);
  await apiAs(page, 'PUT', `/api/communities/${target?.id ?? ''}`, { postingRestricted: true });
  await logOutViaApi(page);
  await signUp(page, newUsername('nps'));
  await page.goto(`/new?community=${restricted}`);
  await expect(page.getByRole('group', { name: 'Speaking as' })).toHaveCount(0);
  await titleBox(page).fill('Let me in');
  await postButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Only approved members of this community can post.' })).toBeVisible();

  // The admin (and first mod of the communities it created) can speak as a moderator or an admin.
  await logOutViaApi(page);
  await logIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/new?community=${restricted}`);
  const speaking = page.getByRole('group', { name: 'Speaking as' });
  await expect(speaking.getByLabel(`Moderator of ${restricted}`)).toBeVisible();
  await expect(speaking.getByLabel('Admin')).toBeVisible();
  await speaking.getByLabel('Admin').check();
  await speaking.getByLabel(`Moderator of ${restricted}`).check();
  await expect(speaking.getByLabel('Admin')).not.toBeChecked();
  await titleBox(page).fill('An announcement from the mods');
  await postButton(page).click();
  const publicId = await publicIdFromPostUrl(page, restricted);
  expect((await getPost(page, publicId)).userGroup).toBe('mods');
});
