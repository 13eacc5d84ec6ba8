import { expect, test, type Locator, type Page } from '@playwright/test';
import { IMAGE_MAX_HEIGHT_MIN_PX } from '@quorum/shared/constants';
import type { Community } from '@quorum/shared/entities/communities';
import type { Image } from '@quorum/shared/entities/images';
import type { Post } from '@quorum/shared/entities/posts';
import { CSRF_COOKIE } from '@quorum/shared/http-names';
import { ADMIN, apiAs, apiClientOver, logIn, makePng, newCommunityName, saveScreen } from './helpers.ts';
import { openPost, postPath } from './post-helpers.ts';

const WIDTHS = [320, 390, 1280] as const;
const ALT_TEXTS = ['A green square with a soft gradient', 'An orange square, a little darker at the bottom', null] as const;

/** Uploads a PNG of the given size as the admin logged in on the page, with its alt text. */
async function uploadPng(page: Page, width: number, height: number, color: [number, number, number], altText: string | null): Promise<Image> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? null;
  const client = await apiClientOver(page.request, token);
  const image = await client.uploadImage(new File([new Uint8Array(makePng(width, height, color))], 'picture.png', { type: 'image/png' }));
  return altText ? apiAs<Image>(page, 'PUT', `/api/images/${image.id}`, { altText }) : image;
}

/** As the admin: a community with an image post of three landscape pictures and one of a very tall picture. */
async function seedImagePosts(page: Page): Promise<{ community: Community; gallery: Post; tall: Post }> {
  await logIn(page, ADMIN.username, ADMIN.password);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('lbx'), about: 'Pictures to look at.' });
  const colors: Array<[number, number, number]> = [[30, 160, 90], [230, 120, 30], [60, 80, 200]];
  const pictures = [];
  for (const [i, color] of colors.entries()) pictures.push(await uploadPng(page, 640, 480, color, ALT_TEXTS[i] ?? null));
  const gallery = await apiAs<Post>(page, 'POST', '/api/posts', {
    type: 'image',
    title: 'Three squares in a row',
    images: pictures.map((picture) => ({ imageId: picture.id })),
    community: community.name,
  });
  const tallPicture = await uploadPng(page, 600, 3000, [120, 40, 160], 'A very tall purple strip');
  const tall = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'image', title: 'A very tall picture', images: [{ imageId: tallPicture.id }], community: community.name });
  return { community, gallery, tall };
}

function viewerOf(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Image viewer' });
}

function originalUrl(post: Post, index: number): string {
  const image = post.images[index];
  if (!image) throw new Error(`the post has no picture ${index + 1}`);
  return image.url;
}

/** Fails unless the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${where} at ${innerWidth} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
}

/** Fails unless the element's box lies within the window. */
async function expectInsideViewport(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  expect(box, `${what} has a box`).not.toBeNull();
  if (!box) return;
  // Within half a pixel: layout rounds centred boxes to fractions of a pixel.
  expect(box.x, `${what} starts inside the window`).toBeGreaterThanOrEqual(-0.5);
  expect(box.x + box.width, `${what} ends inside the window`).toBeLessThanOrEqual(size.width + 0.5);
  expect(box.y, `${what} starts inside the window`).toBeGreaterThanOrEqual(-0.5);
  expect(box.y + box.height, `${what} ends inside the window`).toBeLessThanOrEqual(size.height + 0.5);
}

async function heightOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.height ?? Number.NaN;
}

test('a picture of a post opens in the lightbox: next picture, Back closes it on the post, Escape closes it and leaves no dead history entry', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { community, gallery } = await seedImagePosts(page);

  // From the community's feed, a click on the picture opens the post, as before.
  await page.goto(`/${community.name}`);
  const card = page.getByRole('article', { name: gallery.title });
  await expect(card).toBeVisible();
  await card.locator('.post-card__media').click();
  await expect(page.getByRole('heading', { level: 1, name: gallery.title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${postPath(gallery)}$`));

  await page.getByRole('button', { name: 'View image 1 of 3' }).click();
  const viewer = viewerOf(page);
  await expect(viewer).toBeVisible();
  await expect(viewer).toHaveAttribute('aria-modal', 'true');
  await expect(viewer.getByRole('group', { name: 'Image 1 of 3' }).getByText(ALT_TEXTS[0])).toBeVisible();
  const original = viewer.getByRole('link', { name: /Open original/ });
  await expect(original).toHaveAttribute('href', originalUrl(gallery, 0));
  await expect(original).toHaveAttribute('target', '_blank');
  await expect(original).toHaveAttribute('rel', /noopener/);

  await viewer.getByRole('button', { name: 'Next image' }).click();
  await expect(original).toHaveAttribute('href', originalUrl(gallery, 1));
  await expect(viewer.getByRole('group', { name: 'Image 2 of 3' }).getByText(ALT_TEXTS[1])).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(original).toHaveAttribute('href', originalUrl(gallery, 2));

  // Back closes the lightbox and stays on the post; the post shows the picture looked at last.
  await page.goBack();
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${postPath(gallery)}$`));
  await expect(page.getByRole('heading', { level: 1, name: gallery.title })).toBeVisible();
  const opener = page.getByRole('button', { name: 'View image 3 of 3' });
  await expect(opener).toBeFocused();

  // Escape closes it and takes its history entry along: the next Back leaves the post.
  await opener.press('Enter');
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`${postPath(gallery)}$`));
  await expect.poll(() => page.evaluate(() => (window.history.state as Record<string, unknown> | null)?.lightbox ?? null)).toBeNull();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/${community.name}$`));
  await expect(page.getByRole('article', { name: gallery.title })).toBeVisible();
});

test('the open lightbox fits a 320, 390 and 1280 px window in both themes, its controls on screen', async ({ page }) => {
  test.setTimeout(120_000);
  const { gallery } = await seedImagePosts(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
      await openPost(page, gallery);
      await expectNoSidewaysScroll(page, 'the post page');
      await page.getByRole('button', { name: 'View image 1 of 3' }).click();
      const viewer = viewerOf(page);
      await expect(viewer).toBeVisible();
      await expect(viewer.getByRole('group', { name: 'Image 1 of 3' }).getByText(ALT_TEXTS[0])).toBeVisible();

      await expectNoSidewaysScroll(page, 'the open lightbox');
      const where = `at ${width} px, ${colorScheme}`;
      await expectInsideViewport(page, viewer.getByRole('button', { name: 'Close' }), `the Close button ${where}`);
      await expectInsideViewport(page, viewer.getByRole('link', { name: /Open original/ }), `the Open original link ${where}`);
      await expectInsideViewport(page, viewer.getByRole('button', { name: 'Next image' }), `the Next image button ${where}`);
      await expectInsideViewport(page, viewer.getByRole('button', { name: 'Zoom in' }), `the Zoom in button ${where}`);
      await expectInsideViewport(page, viewer.getByRole('group', { name: 'Image 1 of 3' }).getByText(ALT_TEXTS[0]), `the alt text ${where}`);
      await expectInsideViewport(page, viewer.getByRole('group', { name: 'Image 1 of 3' }).getByRole('img'), `the picture ${where}`);
      // The counter and the toolbar share the top edge without overlapping.
      const counter = await viewer.locator('.yarl__counter').boundingBox();
      const link = await viewer.getByRole('link', { name: /Open original/ }).boundingBox();
      expect((counter?.x ?? 0) + (counter?.width ?? 0), `the counter ends before the toolbar ${where}`).toBeLessThanOrEqual(link?.x ?? 0);
      // The viewer fades in; the picture of it is taken once it is fully shown.
      await expect.poll(() => page.locator('.yarl__portal').evaluate((portal) => getComputedStyle(portal).opacity)).toBe('1');
      await saveScreen(page, `lightbox-${width}-${colorScheme}`);

      await viewer.getByRole('button', { name: 'Close' }).click();
      await expect(viewer).toBeHidden();
      await expect(page.getByRole('button', { name: 'View image 1 of 3' })).toBeFocused();
    }
  }
});

test.describe('tall pictures', () => {
  // Pictures are held back below, which the service worker's own fetches would get around.
  test.use({ serviceWorkers: 'block' });

  test('a very tall picture is centred and capped at the spec height in the feed and on the post page, its box set before it loads; wide pictures fill the width', async ({ page }) => {
    test.setTimeout(90_000);
    const { community, gallery, tall } = await seedImagePosts(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/images/**', async (route) => {
      await held;
      // The page may have moved on and cancelled the request meanwhile.
      await route.continue().catch(() => undefined);
    });

    const cap = IMAGE_MAX_HEIGHT_MIN_PX;
    for (const width of [390, 1280] as const) {
      const height = width < 768 ? 844 : 800;
      await page.setViewportSize({ width, height });

      // Held pictures keep the load event back: the page is used as soon as it is parsed.
      await page.goto(`/${community.name}`, { waitUntil: 'domcontentloaded' });
      const tallCard = page.getByRole('article', { name: tall.title });
      await expect(tallCard).toBeVisible();
      const tallImage = tallCard.locator('img.post-card__image');
      const media = tallCard.locator('.post-card__media');
      await expect(tallImage).toBeVisible();
      expect(await tallImage.evaluate((img: HTMLImageElement) => img.naturalWidth), 'the picture has not arrived yet').toBe(0);
      const before = await heightOf(tallImage);
      expect(before, `the feed's tall picture at ${width} px is capped at ${cap} px`).toBeCloseTo(cap, 0);
      const style = await tallImage.evaluate((img) => ({ fit: getComputedStyle(img).objectFit, position: getComputedStyle(img).objectPosition }));
      expect(style, 'the picture is shown whole, centred in its box').toEqual({ fit: 'contain', position: '50% 50%' });
      expect((await tallImage.boundingBox())?.width).toBeCloseTo((await media.boundingBox())?.width ?? 0, 0);

      const wideImage = page.getByRole('article', { name: gallery.title }).locator('img.post-card__image');
      const wideMedia = page.getByRole('article', { name: gallery.title }).locator('.post-card__media');
      // Cards further down are drawn as they come near the screen.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(wideImage).toBeVisible();
      const wideBox = await wideImage.boundingBox();
      expect(wideBox?.width, 'a wide picture fills the card').toBeCloseTo((await wideMedia.boundingBox())?.width ?? 0, 0);
      expect(wideBox?.height ?? 0, 'a wide picture keeps its shape').toBeCloseTo((wideBox?.width ?? 0) * (480 / 640), 0);

      await page.goto(postPath(tall), { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('heading', { level: 1, name: tall.title })).toBeVisible();
      const frame = page.locator('.gallery__frame');
      const postImage = page.locator('img.gallery__image');
      await expect(postImage).toBeVisible();
      const frameBefore = await heightOf(frame);
      const postCap = width < 768 ? cap : Math.max(cap, height * 0.7);
      expect(frameBefore, `the post page's tall picture at ${width} px is capped at ${postCap} px`).toBeCloseTo(postCap, 0);
      expect(frameBefore, 'the picture leaves room for the rest of the post').toBeLessThan(height);
      expect(await heightOf(postImage)).toBeCloseTo(frameBefore, 0);

      if (width === 1280) {
        release();
        await expect.poll(() => postImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        expect(await heightOf(frame), 'nothing moves when the picture arrives').toBeCloseTo(frameBefore, 0);
        await page.goto(`/${community.name}`);
        await expect(tallImage).toBeVisible();
        await expect.poll(() => tallImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        expect(await heightOf(tallImage), 'nothing moves in the feed when the picture arrives').toBeCloseTo(before, 0);
      }
      await saveScreen(page, `tall-picture-${width}`);
    }
  });
});
