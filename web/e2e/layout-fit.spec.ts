import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import { CSRF_COOKIE } from '@quorum/shared/http-names';
import { setDevicePreferences } from './feed-helpers.ts';
import { ADMIN, apiAs, apiClientOver, createListAs, logIn, logOutViaApi, makePng, newCommunityName, newUsername, openApp, saveScreen, signUp } from './helpers.ts';
import { postPath } from './post-helpers.ts';

const WIDTHS = [1280, 320, 390] as const;
const LONG_WORD = 'W'.repeat(300);
const LONG_URL = `https://example.com/${'segment-'.repeat(20)}end?query=${'x'.repeat(80)}`;

/** Fails unless the page is no wider than the window and no rendered markdown pokes out of its box. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth, overflowingMarkdown } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    overflowingMarkdown: [...document.querySelectorAll('.markdown')].filter((element) => element.scrollWidth > element.clientWidth).length,
  }));
  expect(scrollWidth, `${where} at ${innerWidth} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
  expect(overflowingMarkdown, `markdown wider than its box on ${where} at ${innerWidth} px`).toBe(0);
}

/** Fails unless the element's box lies within the window's width. */
async function expectInsideViewport(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, `${what} has a box`).not.toBeNull();
  expect(box?.x ?? -1, `${what} starts inside the window`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity), `${what} ends inside the window`).toBeLessThanOrEqual(width);
}

async function expectBottomBarInside(page: Page) {
  const entries = page.getByRole('navigation', { name: 'Primary' }).getByRole('link');
  const count = await entries.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expectInsideViewport(page, entries.nth(i), `bottom bar entry ${i + 1}`);
}

async function seedLongContent(page: Page) {
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('fit'), about: `${LONG_WORD.slice(0, 180)} ${LONG_URL}` });
  const body = `A body with ${LONG_WORD} and a link ${LONG_URL} in it.`;
  const post = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: `Title ${LONG_WORD.slice(0, 200)} ${LONG_URL.slice(0, 60)}`, body, community: community.name });
  await apiAs<Comment>(page, 'POST', `/api/posts/${post.publicId}/comments`, { body: `A comment with ${LONG_WORD} and ${LONG_URL}.`, parentCommentId: null });
  return { community, post };
}

test('a long word or URL in a title, body or comment never makes a page scroll sideways', async ({ page }) => {
  test.setTimeout(120_000);
  const { community, post } = await seedLongContent(page);
  await page.goto('/');

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    const phone = width < 768;

    for (const layout of ['card', 'compact'] as const) {
      await setDevicePreferences(page, { feed_layout: layout });
      await page.goto('/all');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoSidewaysScroll(page, `the ${layout} feed`);
      if (phone) await expectBottomBarInside(page);
    }
    await setDevicePreferences(page, { feed_layout: 'card' });

    await page.goto(`/${community.name}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'the community page');

    await page.goto(postPath(post));
    await expect(page.getByText(/A comment with/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Add a comment' }).fill(`Typing ${LONG_WORD}`);
    await expectNoSidewaysScroll(page, 'the post page');
    await expectInsideViewport(page, page.getByRole('button', { name: 'Comment', exact: true }), 'the Comment button');
    if (phone) await expectBottomBarInside(page);
  }

  await logOutViaApi(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.goto(postPath(post));
    await expect(page.getByText(/A comment with/)).toBeVisible();
    await expectNoSidewaysScroll(page, "a visitor's post page");
    await page.getByRole('button', { name: 'Upvote' }).first().click();
    const prompt = page.getByRole('dialog', { name: 'Login to continue' });
    await expect(prompt).toBeVisible();
    await expectInsideViewport(page, prompt.getByRole('button', { name: 'Login', exact: true }), 'the login prompt');
    await page.keyboard.press('Escape');
  }
});

const CODE_LINE = `const total = ${'a + '.repeat(71)}b;`;
const CODE_BODY = `Run this:\n\n\`\`\`js\n${CODE_LINE}\nconsole.log(total);\n\`\`\`\n\nOr call \`${'inline_code_'.repeat(20)}\` instead.`;

/** Fails unless every code block in the main column scrolls inside itself rather than widening the page. */
async function expectCodeBlocksScroll(page: Page, where: string, count: number) {
  const blocks = page.locator('main pre');
  await expect(blocks).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    // Polled: the block may be rendered anew between finding it and measuring it.
    await expect
      .poll(() => blocks.nth(i).evaluate((element) => element.scrollWidth - element.clientWidth), { message: `code block ${i + 1} on ${where} scrolls sideways inside itself` })
      .toBeGreaterThan(0);
  }
}

test('a code block with a long line scrolls inside itself on the post page and the community feed', async ({ page }) => {
  test.setTimeout(120_000);
  expect(CODE_LINE).toHaveLength(300);
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('code'), about: null });
  const post = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'A script that adds up', body: CODE_BODY, community: community.name });
  await apiAs<Comment>(page, 'POST', `/api/posts/${post.publicId}/comments`, { body: `A shorter way:\n\n${CODE_BODY}`, parentCommentId: null });

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });

      await page.goto(postPath(post));
      await expect(page.getByText('A shorter way:')).toBeVisible();
      await expect(page.locator('.markdown__pending')).toHaveCount(0);
      await page.getByRole('textbox', { name: 'Add a comment' }).fill('Thanks, that works.');
      await expectNoSidewaysScroll(page, 'the post page');
      await expectCodeBlocksScroll(page, 'the post page', 2);
      await expectInsideViewport(page, page.getByRole('button', { name: 'Comment', exact: true }), 'the Comment button');
      await saveScreen(page, `code-block-post-${width}-${colorScheme}`, { fullPage: true });

      await page.goto(`/${community.name}`);
      await expect(page.getByRole('article', { name: 'A script that adds up' })).toBeVisible();
      await expect(page.locator('.markdown__pending')).toHaveCount(0);
      await expectNoSidewaysScroll(page, 'the community feed');
      await expectCodeBlocksScroll(page, 'the community feed', 1);
      await saveScreen(page, `code-block-feed-${width}-${colorScheme}`);
    }
  }
});

test("the post page's right column shows all of its content on desktop", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('gardensonbalcon') /* as long as a name may be */, about: 'Growing vegetables on a balcony.' });
  const post = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'Tomatoes in pots', body: 'Which varieties?', community: community.name });
  await page.goto(postPath(post));

  const aside = page.getByRole('complementary', { name: `/${community.name}` });
  await expect(aside.getByRole('button', { name: /Joined|Leave/ })).toBeVisible();
  await expect(aside.getByText('Growing vegetables on a balcony.')).toBeVisible();
  const { scrollWidth, clientWidth } = await aside.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth, 'the content of the column is no wider than the column').toBeLessThanOrEqual(clientWidth);
  const column = await aside.boundingBox();
  const join = await aside.getByRole('button', { name: /Joined|Leave/ }).boundingBox();
  expect((join?.x ?? Infinity) + (join?.width ?? 0), 'the Joined button ends inside the column').toBeLessThanOrEqual((column?.x ?? 0) + clientWidth);
});

test('the phone header keeps the logo clear of the bell when Back shows', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page);
  await signUp(page, newUsername('header_with_longname'));
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Communities' }).click();
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();

  const header = page.getByRole('banner');
  const { scrollWidth, clientWidth } = await header.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth, 'the header is no wider than the screen').toBeLessThanOrEqual(clientWidth);
  const logo = await header.getByRole('link', { name: 'Quorum' }).boundingBox();
  const bell = await header.getByRole('link', { name: 'Notifications' }).boundingBox();
  expect((logo?.x ?? Infinity) + (logo?.width ?? 0), 'the logo ends before the bell').toBeLessThanOrEqual(bell?.x ?? 0);
});

test("a visitor's phone header fits Login and Create account in the system's font, the wordmark giving way", async ({ page }) => {
  await openApp(page);
  // The fallback font a first visit shows is the system's: wider than the site's.
  await setDevicePreferences(page, { font: 'system' });
  for (const width of [320, 375, 390, 414]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/');
    const header = page.getByRole('banner');
    const signUpButton = header.getByRole('button', { name: 'Create account' });
    await expect(signUpButton).toBeVisible();
    const { scrollWidth, clientWidth } = await header.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(scrollWidth, `${width} px: the header is no wider than the screen`).toBeLessThanOrEqual(clientWidth);
    const logo = await header.getByRole('link', { name: 'Quorum' }).boundingBox();
    const login = await header.getByRole('button', { name: 'Login' }).boundingBox();
    const signUpBox = await signUpButton.boundingBox();
    expect((logo?.x ?? Infinity) + (logo?.width ?? 0), `${width} px: the logo ends before Login`).toBeLessThanOrEqual(login?.x ?? 0);
    expect((signUpBox?.x ?? Infinity) + (signUpBox?.width ?? 0), `${width} px: Create account ends inside the screen`).toBeLessThanOrEqual(width);
    // One line: the wordmark never wraps under the logo.
    expect(logo?.height ?? Infinity, `${width} px: the logo takes one line`).toBeLessThanOrEqual(44);
  }
});

/** Widths of an element's text as shown, with the font's contextual alternates off, and with them on. */
function textWidths(locator: Locator) {
  return locator.evaluate((element) => {
    const measure = (ligatures: string) => {
      const probe = element.cloneNode(true) as HTMLElement;
      probe.style.cssText = `position: absolute; width: auto; max-width: none; white-space: nowrap; ${ligatures ? `font-variant-ligatures: ${ligatures};` : ''}`;
      element.parentElement?.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    };
    return { shown: measure(''), typed: measure('no-contextual'), alternates: measure('contextual') };
  });
}

test('community names and usernames render as typed, without the font turning 6x4 into 6×4', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('n6x4'), about: null });
  await logOutViaApi(page);
  const username = await signUp(page, newUsername('u6x4'));
  await apiAs(page, 'POST', `/api/_joinCommunity`, { communityId: community.id, leave: false });
  // The site's font is used by the pages that find it loaded as they are first drawn
  // (font-display: optional): once it is, the page is opened again.
  await page.goto(`/${community.name}`);
  await page.evaluate(() => document.fonts.load('16px "Inter Variable"'));
  await page.reload();

  const places = {
    sidebar: page.getByRole('complementary', { name: 'Sidebar' }).getByText(community.name, { exact: true }),
    heading: page.getByRole('heading', { level: 1 }).getByText(community.name),
    navbar: page.getByRole('banner').getByText(username),
  };
  // The name is one the alternates would change, once the site's font has loaded (the fallback has none).
  await expect
    .poll(async () => {
      const sidebar = await textWidths(places.sidebar);
      return Math.abs(sidebar.alternates - sidebar.typed);
    }, { message: 'the name is one the alternates would change' })
    .toBeGreaterThan(0.05);
  for (const [where, locator] of Object.entries(places)) {
    const widths = await textWidths(locator.first());
    expect(widths.shown, `the name in the ${where} renders as typed`).toBeCloseTo(widths.typed, 1);
  }
});

test('compact rows line up their menus, thumbnail or not, and take about half the height of a card', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('compact'), about: null });
  const token = (await page.context().cookies()).find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? null;
  const image = await (await apiClientOver(page.request, token)).uploadImage(new File([new Uint8Array(makePng(320, 240, [30, 160, 90]))], 'photo.png', { type: 'image/png' }));
  await apiAs(page, 'POST', '/api/posts', { type: 'image', title: 'A post with a picture', images: [{ imageId: image.id }], community: community.name });
  await apiAs(page, 'POST', '/api/posts', { type: 'text', title: 'A post without one', body: 'Just words.', community: community.name });

  await page.goto(`/${community.name}`);
  const withPicture = page.getByRole('article', { name: 'A post with a picture' });
  const withoutPicture = page.getByRole('article', { name: 'A post without one' });
  await expect(withPicture).toBeVisible();
  const cardHeight = (await withoutPicture.boundingBox())?.height ?? 0;

  await page.getByRole('button', { name: 'Compact' }).click();
  await expect(page.getByRole('list', { name: `Posts in /${community.name}` })).toHaveClass(/feed--compact/);
  const menuRight = async (row: Locator) => {
    const box = await row.getByRole('button', { name: 'More options' }).boundingBox();
    return (box?.x ?? 0) + (box?.width ?? 0);
  };
  expect(await menuRight(withoutPicture)).toBeCloseTo(await menuRight(withPicture), 0);
  for (const row of [withPicture, withoutPicture]) {
    const height = (await row.boundingBox())?.height ?? Infinity;
    expect(height, 'a compact row is about half a card').toBeLessThanOrEqual(cardHeight * 0.55);
  }
});

test('the login page and its fields fit a 320 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the login page');
  await expectInsideViewport(page, page.getByLabel('Username'), 'the username box');
  await expectInsideViewport(page, page.getByRole('button', { name: 'Login', exact: true }).last(), 'the Login button');
});

test('every main screen fits a 320, 390 and 1280 px window, in the light and the dark theme', async ({ page }) => {
  test.setTimeout(300_000);
  const { community, post } = await seedLongContent(page);
  const listName = `fit-${Date.now().toString(36)}`;
  const list = await createListAs(page, ADMIN.username, { name: listName });
  await apiAs(page, 'POST', `/api/lists/${list.id}/items`, { targetId: post.id, targetType: 'post' });
  // Modtools with long content in each list: a rule, a locked post, a report, a ban.
  await apiAs(page, 'POST', `/api/communities/${community.id}/rules`, { rule: `Rule ${LONG_WORD.slice(0, 200)}`, description: `About ${LONG_URL}` });
  await apiAs(page, 'PUT', `/api/posts/${post.publicId}?action=lock&lockAs=mods`);
  await logOutViaApi(page);
  const reporter = await signUp(page, newUsername('fit_reporter'));
  await apiAs(page, 'POST', '/api/_report', { type: 'post', targetId: post.id, reason: 1, description: `Because ${LONG_WORD.slice(0, 100)}` });
  await logOutViaApi(page);
  await logIn(page, ADMIN.username, ADMIN.password);
  await apiAs(page, 'POST', `/api/communities/${community.id}/banned`, { username: reporter });
  const modtools = (section: string) => `/${community.name}/modtools/${section}`;
  // Long words in the admin lists: a community request's note, and a (cancelled) IP block's note.
  await apiAs(page, 'POST', '/api/community_requests', { name: newCommunityName('fitreq'), note: LONG_WORD });
  const block = await apiAs<{ id: string }>(page, 'POST', '/api/ipblocks', { address: '10.30.*.*', expiresIn: null, note: LONG_WORD });
  await apiAs(page, 'DELETE', `/api/ipblocks/${block.id}`);
  const screens: Record<string, string> = {
    home: '/',
    community: `/${community.name}`,
    post: postPath(post),
    'new-post': '/new',
    settings: '/settings',
    profile: `/@${ADMIN.username}`,
    lists: `/@${ADMIN.username}/lists`,
    list: `/@${ADMIN.username}/lists/${listName}`,
    notifications: '/notifications',
    'search-posts': '/search?q=Title',
    'search-comments': '/search?q=comment&type=comments',
    'search-communities': `/search?q=${community.name}&type=communities`,
    'search-long-query': `/search?q=${LONG_WORD}`,
    'modtools-settings': modtools('settings'),
    'modtools-reports': modtools('reports'),
    'modtools-removed': modtools('removed'),
    'modtools-locked': modtools('locked'),
    'modtools-banned': modtools('banned'),
    'modtools-mods': modtools('mods'),
    'modtools-rules': modtools('rules'),
    admin: '/admin',
    'admin-users': '/admin/users',
    'admin-comments': '/admin/comments',
    'admin-communities': '/admin/communities',
    'admin-ipblocks': '/admin/ipblocks',
    'admin-bss': '/admin/bss',
    'admin-requests': '/admin/new-community-requests',
  };
  const runs = [
    ...WIDTHS.map((width) => ({ width, colorScheme: 'light' as const })),
    { width: 390, colorScheme: 'dark' as const },
  ];
  for (const { width, colorScheme } of runs) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    for (const [name, path] of Object.entries(screens)) {
      await page.goto(path);
      await expect(page.locator('main'), `${name} has rendered`).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('main .skeleton'), `${name} has loaded`).toHaveCount(0, { timeout: 15_000 });
      await expect(page.locator('.markdown__pending'), `${name} has rendered its markdown`).toHaveCount(0);
      await expectNoSidewaysScroll(page, name);
      await saveScreen(page, `fit-${name}-${width}-${colorScheme}`);
    }
    // The search dialog, with a long word typed and its suggestions shown.
    await page.goto('/');
    // The app has rendered (and listens for '/') before the skeletons are checked.
    await expect(page.locator('main')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('main .skeleton')).toHaveCount(0, { timeout: 15_000 });
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox', { name: 'Search' }).fill(`${community.name} ${LONG_WORD}`);
    await expect(dialog.getByRole('option').last()).toBeVisible();
    await expectNoSidewaysScroll(page, 'the search dialog');
    await expectInsideViewport(page, dialog.getByRole('option').last(), 'the last search suggestion');
    await saveScreen(page, `fit-search-dialog-${width}-${colorScheme}`);
    await page.keyboard.press('Escape');
  }
});

test('at exactly 1170 px the pages and the share menu are narrow; at 1171 px both are wide', async ({ page }) => {
  // Chromium offers the system share sheet only on some platforms: the page is given one, so that
  // the menu's choice depends on the width alone.
  await page.addInitScript(() => {
    if (typeof navigator.share !== 'function') Object.defineProperty(navigator, 'share', { value: () => Promise.resolve() });
  });
  await logOutViaApi(page);
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('bp'), about: 'Where the layout turns.' });
  const post = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'Which side of the line am I on?', body: 'Exactly on it.', community: community.name });
  await logOutViaApi(page);

  for (const [width, wide] of [[1170, false], [1171, true]] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('complementary', { name: 'About your feed' })).toHaveCount(wide ? 1 : 0);
    await page.goto(postPath(post));
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: `/${community.name}` });
    if (wide) await expect(sidebar).toBeVisible();
    else await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('menuitem', { name: 'Share via…' })).toHaveCount(wide ? 0 : 1);
    await page.keyboard.press('Escape');
  }
});
