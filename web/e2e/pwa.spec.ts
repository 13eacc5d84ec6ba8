import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { makePng, newUsername, openApp, signUp, signUpInModal, logOut } from './helpers.ts';
import { newUser, postPath, seedPost } from './post-helpers.ts';

const dist = new URL('../dist/', import.meta.url);

/** Opens `path` and waits until the service worker controls the page. */
async function controlled(page: Page, path = '/about') {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

test.describe('installing', () => {
  test('T1: the manifest is complete and Chromium finds no installability errors', async ({ baseURL }, testInfo) => {
    // Apps cannot be installed from an incognito profile, which every other test context is.
    const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'quorum-install-')), {
      ...testInfo.project.use.launchOptions,
      baseURL,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await controlled(page, '/');
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 })
      .toEqual([]);
    const { errors } = await cdp.send('Page.getAppManifest', {});
    expect(errors).toEqual([]);
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      id: '/', name: 'Quorum', short_name: 'Quorum', start_url: '/', scope: '/', display: 'standalone',
      theme_color: expect.any(String), background_color: expect.any(String), description: expect.any(String),
    });
    const icons = manifest.icons as Array<{ sizes: string; purpose: string }>;
    expect(icons).toEqual(expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
      expect.objectContaining({ purpose: 'maskable' }),
    ]));
    const screenshots = manifest.screenshots as Array<{ src: string; form_factor: string; sizes: string }>;
    expect(screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of screenshots) {
      const answer = await page.request.get(shot.src);
      expect(answer.status()).toBe(200);
      // The PNG's own size is the one the manifest states.
      const png = await answer.body();
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(shot.sizes);
    }
    expect((manifest.shortcuts as Array<{ name: string; url: string }>).map(({ name, url }) => ({ name, url }))).toEqual([
      { name: 'New post', url: '/new' },
      { name: 'Notifications', url: '/notifications' },
    ]);
    expect(manifest.share_target).toMatchObject({ action: '/share-target', method: 'POST', enctype: 'multipart/form-data' });
    await context.close();
  });

  test('T2: the worker precaches the whole build in a quorum- cache', async ({ page }) => {
    await controlled(page);
    // The .br and .gz copies are the server's to send; the worker caches each file once.
    const files = readdirSync(new URL('assets/', dist));
    const assets = files.filter((name) => !/\.(br|gz)$/.test(name)).map((name) => `/assets/${name}`);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const precache = names.find((name) => name.startsWith('quorum-precache'));
      if (!precache) return { names, paths: [] as string[] };
      const requests = await (await caches.open(precache)).keys();
      return { names, paths: requests.map((request) => new URL(request.url).pathname) };
    });
    expect(cached.names.every((name) => name.startsWith('quorum-'))).toBe(true);
    expect(cached.paths).toEqual(expect.arrayContaining(['/index.html', ...assets]));
    expect(cached.paths.some((path) => path.startsWith('/screenshots/'))).toBe(false);
    expect(cached.paths.some((path) => /\.(br|gz)$/.test(path))).toBe(false);
  });

  test('phones get an install banner that installs through the browser, and can be dismissed for good', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    // Stands in for Chromium's install prompt, which headless browsers never fire.
    const offerInstall = () =>
      page.evaluate(() => {
        const event = new Event('beforeinstallprompt', { cancelable: true });
        Object.assign(event, {
          prompt: async () => {
            (window as unknown as { prompted: number }).prompted = ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
          },
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(event);
      });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Get the Quorum app' })).toHaveCount(0);
    await offerInstall();
    const banner = page.getByRole('region', { name: 'Get the Quorum app' });
    await expect(banner).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('install-banner-390.png') });
    await banner.getByRole('button', { name: 'Install' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
    // The prompt can be used once: the banner goes.
    await expect(banner).toHaveCount(0);

    await offerInstall();
    await banner.getByRole('button', { name: 'Not now' }).click();
    await expect(banner).toHaveCount(0);

    await page.reload();
    await offerInstall();
    await banner.getByRole('button', { name: "Don't show again" }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await offerInstall();
    await expect(page.getByRole('heading', { name: 'Get the Quorum app' })).toHaveCount(0);
    await context.close();
  });

  test('iPhones get the Add to Home Screen steps', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 320, height: 640 },
      isMobile: true,
      hasTouch: true,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    const page = await context.newPage();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Get the Quorum app' });
    await banner.getByRole('button', { name: 'How to install' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install Quorum' });
    await expect(dialog).toContainText('Add to Home Screen');
    await page.screenshot({ path: test.info().outputPath('ios-install-320.png') });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // Wide screens never get the banner.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(banner).toHaveCount(0);
    await context.close();
  });

  test('the installed app reports its use once a day', async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query === '(display-mode: standalone)' ? ({ ...original(query), matches: true, media: query } as MediaQueryList) : original(query);
    });
    const page = await context.newPage();
    const reported = page.waitForRequest((request) => request.url().endsWith('/api/analytics') && request.method() === 'POST');
    await page.goto('/');
    const request = await reported;
    expect(request.postDataJSON()).toEqual({ event: 'pwa_use' });
    expect((await request.response())?.status()).toBe(200);
    // The day is noted once the answer has been read.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('pwa_use_reported_on'))).toBe(new Date().toISOString().slice(0, 10));
    let again = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/analytics')) again += 1;
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    expect(again).toBe(0);
    await context.close();
  });
});

test.describe('share target', () => {
  /** Posts a multipart form to `action` from the page that is open. */
  async function postForm(page: Page, action: string, fields: Record<string, string>, image?: Buffer) {
    await page.evaluate(
      ({ action, fields, image }) => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = action;
        form.enctype = 'multipart/form-data';
        for (const [name, value] of Object.entries(fields)) {
          const input = document.createElement('input');
          input.name = name;
          input.value = value;
          form.append(input);
        }
        if (image) {
          const input = document.createElement('input');
          input.type = 'file';
          input.name = 'images';
          const files = new DataTransfer();
          files.items.add(new File([new Uint8Array(image)], 'shared.png', { type: 'image/png' }));
          input.files = files.files;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      { action, fields, image: image ? [...image] : undefined },
    );
  }

  /** Posts a multipart form to the share target from the page, as a share sheet does. */
  async function share(page: Page, fields: Record<string, string>, image?: Buffer, landsOn = '/new') {
    await postForm(page, '/share-target', fields, image);
    await page.waitForURL((url) => url.pathname === landsOn);
  }

  test('a shared link opens New post as a link post, prefilled', async ({ page }) => {
    await controlled(page);
    await signUp(page);
    await share(page, { title: 'A page worth reading', text: '', url: 'https://example.com/article' });
    await expect(page.getByRole('tab', { name: 'Link' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('A page worth reading');
    await expect(page.getByLabel('URL')).toHaveValue('https://example.com/article');
    // The share is taken once: a reload starts a blank post.
    await expect(page).toHaveURL(/\/new$/);
    await page.reload();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
  });

  test('a link inside shared text and a shared image open an image post with the picture', async ({ page }) => {
    await controlled(page);
    await signUp(page);
    await share(page, { title: '', text: 'Sunset tonight https://example.com/photo', url: '' }, makePng(64, 48, [220, 120, 40]));
    await expect(page.getByRole('tab', { name: 'Image' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Sunset tonight');
    await expect(page.getByRole('listitem', { name: /^Image 1 of 1$/ })).toBeVisible();
  });

  test('a form another site posts to the share target fills nothing in, whether or not it hides its address', async ({ page, baseURL }) => {
    await controlled(page);
    await signUp(page);
    const elsewhere = 'http://elsewhere.test';
    await page.route(`${elsewhere}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        headers: route.request().url().endsWith('/hidden') ? { 'Referrer-Policy': 'no-referrer' } : {},
        body: '<!doctype html><title>Elsewhere</title><p>Another site</p>',
      }),
    );
    const landed: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) landed.push(frame.url());
    });
    for (const from of [`${elsewhere}/`, `${elsewhere}/hidden`]) {
      await page.goto(from);
      await postForm(page, new URL('/share-target', baseURL).href, { title: 'Words put in your mouth', text: '', url: 'https://elsewhere.test/a' }, makePng(8, 8, [0, 0, 0]));
      await page.waitForURL((url) => url.origin === new URL(baseURL ?? '').origin && url.pathname === '/new');
      await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
    }
    // Neither post was kept: New post was never opened as a share.
    expect(landed.filter((url) => url.includes('shared='))).toEqual([]);
    expect(await page.evaluate((name) => caches.has(name), 'quorum-share')).toBe(false);

    // The app's own share still goes through.
    await share(page, { title: 'A page worth reading', text: '', url: 'https://example.com/article' });
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('A page worth reading');
  });

  test('a share while logged out survives the login on the way', async ({ page }) => {
    await controlled(page);
    await share(page, { title: '', text: 'Plain words to post', url: '' }, undefined, '/login');
    const username = newUsername('sh');
    await signUpInModal(page, username);
    // The login page sends the new user on to New post, which takes the share.
    await expect(page).toHaveURL(/\/new$/);
    await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Plain words to post');
  });
});

test.describe('tabs and versions', () => {
  test('logging in and out in one tab reaches the other without a reload', async ({ context }) => {
    const [first, second] = [await context.newPage(), await context.newPage()];
    await first.goto('/');
    await second.goto('/about');
    await expect(second.getByRole('button', { name: 'Login' }).first()).toBeVisible();
    const username = newUsername('tab');
    await signUpInModal(first, username);
    await expect(second.getByRole('button', { name: `@${username}` })).toBeVisible();
    await logOut(second, username);
    await expect(first.getByRole('button', { name: `@${username}` })).toHaveCount(0);
    await expect(first.getByRole('button', { name: 'Login' }).first()).toBeVisible();
  });

  test('T19: a vote and a comment made in one tab show in the other without a reload', async ({ context }) => {
    const [first, second] = [await context.newPage(), await context.newPage()];
    const { post } = await seedPost(first, 'Seen in two tabs');
    const username = await newUser(first, 'tv');
    await first.goto(postPath(post));
    await second.goto(postPath(post));
    const votesIn = (page: Page) => page.locator('.votes').first();
    await expect(votesIn(second).getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'false');
    const score = Number((await votesIn(second).getByTestId('post-score').innerText()).split(/\s/)[0]);

    await votesIn(first).getByRole('button', { name: 'Upvote' }).click();
    await expect(votesIn(second).getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
    await expect(votesIn(second).getByTestId('post-score')).toContainText(String(score + 1));

    await first.getByRole('textbox', { name: 'Add a comment' }).fill('Written in the first tab.');
    await first.getByRole('button', { name: 'Comment', exact: true }).click();
    // While the first tab sends it, the second may show it as pending too; once sent, it is in the thread alone.
    await expect(second.getByRole('article', { name: `Comment by @${username}` }).getByText('Written in the first tab.')).toBeVisible();
    await expect(second.getByTestId('pending-comment')).toHaveCount(0);
  });

  test('a screen whose code is gone after an update reloads the page once, never in a loop', async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    let failures = 1;
    await page.route(/\/assets\/about-[^/]+\.js$/, (route) => (failures-- > 0 ? route.abort() : route.continue()));
    let loads = 0;
    page.on('load', () => (loads += 1));
    // The app has taken the drawn page over: the link is followed in the app, which loads the screen's code.
    await openApp(page, '/guidelines');
    await page.getByRole('link', { name: 'About' }).first().click();
    await expect(page.getByRole('heading', { name: /About/ }).first()).toBeVisible();
    // The page reloaded once (its content, drawn on the server, may show before the load ends).
    await expect.poll(() => loads).toBe(2);

    // Still missing after the reload: the crash screen, not another reload.
    await page.unroute(/\/assets\/about-[^/]+\.js$/);
    await page.route(/\/assets\/terms-[^/]+\.js$/, (route) => route.abort());
    await openApp(page, '/guidelines');
    loads = 0;
    await page.getByRole('link', { name: 'Terms' }).first().click();
    // The crash screen shows only where the app chose not to reload (see route-error.tsx).
    await expect(page.getByText('Something went wrong')).toBeVisible();
    expect(loads).toBeLessThanOrEqual(1);
    await context.close();
  });

  test('the app looks for a new version every 120 s and when shown again, and offers it at most once per 1,200 s', async ({ page }) => {
    test.setTimeout(60_000);
    const swFile = new URL('sw.js', dist);
    const original = readFileSync(swFile, 'utf8');
    // Counts the app's checks for a new version, which go through the registration's update().
    await page.addInitScript(() => {
      const update = ServiceWorkerRegistration.prototype.update;
      const counted = window as unknown as { updateChecks: number };
      counted.updateChecks = 0;
      ServiceWorkerRegistration.prototype.update = function (this: ServiceWorkerRegistration) {
        counted.updateChecks += 1;
        return update.call(this);
      };
    });
    const checks = () => page.evaluate(() => (window as unknown as { updateChecks: number }).updateChecks);
    const shownAt = () => page.evaluate(() => localStorage.getItem('update_prompt_shown_at'));
    await page.clock.install({ time: new Date('2026-03-01T08:00:00Z') });
    try {
      await controlled(page);
      await page.clock.pauseAt(new Date('2026-03-01T08:01:00Z'));
      const start = await checks();
      await page.clock.runFor(600_000);
      expect(await checks()).toBe(start + 5);

      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      expect(await checks()).toBe(start + 6);

      writeFileSync(swFile, `${original}\n// build ${Date.now()}\n`);
      await page.clock.runFor(120_000);
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null), { timeout: 15_000 }).toBe(true);
      // The page hears of a waiting worker a moment later (in case the worker takes over by itself).
      await page.clock.runFor(1_000);
      const dialog = page.getByRole('dialog', { name: 'Update available' });
      await expect(dialog).toBeVisible({ timeout: 15_000 });
      const first = await shownAt();
      expect(first).not.toBeNull();
      await dialog.getByRole('button', { name: 'Later' }).click();
      await expect(dialog).toHaveCount(0);

      // The prompt's own check runs every 10 s, and says nothing again within 1,200 s.
      await page.clock.runFor(1_190_000);
      expect(await shownAt()).toBe(first);
      await expect(dialog).toHaveCount(0);
      await page.clock.runFor(20_000);
      await expect(dialog).toBeVisible();
      expect(Number(await shownAt()) - Number(first)).toBeGreaterThanOrEqual(1_200_000);
      expect(Number(await shownAt()) - Number(first)).toBeLessThanOrEqual(1_210_000);
    } finally {
      writeFileSync(swFile, original);
    }
  });

  test('T13: a second build shows the update prompt, and Reload switches to it', async ({ page }) => {
    const swFile = new URL('sw.js', dist);
    const original = readFileSync(swFile, 'utf8');
    try {
      await controlled(page);
      const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      expect(firstWorker).toBeTruthy();
      writeFileSync(swFile, `${original}\n// build ${Date.now()}\n`);
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      });
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const dialog = page.getByRole('dialog', { name: 'Update available' });
      await expect(dialog).toBeVisible({ timeout: 15_000 });
      expect(navigations).toBe(0);
      await dialog.getByRole('button', { name: 'Reload' }).click();
      await page.waitForEvent('load');
      await expect(dialog).toHaveCount(0);
      const hasWaiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);
      expect(hasWaiting).toBe(false);
    } finally {
      writeFileSync(swFile, original);
    }
  });
});
