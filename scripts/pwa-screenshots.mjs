// Takes the screenshots the install sheet shows (web/public/screenshots) from a running Quorum,
// seeded so that the feed has posts. The generated files are committed.
// Run: node scripts/pwa-screenshots.mjs [address]   (default http://127.0.0.1:3000)
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const { chromium } = require('@playwright/test');

const address = process.argv[2] ?? 'http://127.0.0.1:3000';
const outDir = new URL('../web/public/screenshots/', import.meta.url);

const SHOTS = [
  // The manifest lists these sizes: 390×844 at twice the density, and 1280×800.
  { file: 'home-narrow.png', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { file: 'home-wide.png', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});
try {
  await mkdir(outDir, { recursive: true });
  for (const { file, ...device } of SHOTS) {
    // No service worker: the screenshot shows the page, not an install banner or update prompt.
    const context = await browser.newContext({ ...device, serviceWorkers: 'block', colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${address}/all`);
    await page.locator('article').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: new URL(file, outDir).pathname });
    await context.close();
    console.log(`wrote web/public/screenshots/${file}`);
  }
} finally {
  await browser.close();
}
