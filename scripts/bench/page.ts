// The feed as a phone sees it: the production build served by the API, opened in Chromium with a
// phone's screen, a 4× slower CPU and a slow 4G network. Measures the largest contentful paint,
// the cumulative layout shift, long tasks and the script downloaded on a first visit and a repeat
// visit, then the cold start offline: the browser reopened without a network on the same profile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const POST_CARD = 'article.post-card';

// Lighthouse's mobile profile: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower.
const network = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const cpuSlowdown = 4;

const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
};

const vitalsScript = fileURLToPath(new URL('./page-vitals.js', import.meta.url));

interface Vitals {
  lcp: number;
  cls: number;
  longTasks: number;
  blockingMs: number;
  scriptBytes: number;
  /** When the first element of each watched kind was painted (ms from navigation start). */
  painted: Partial<Record<keyof typeof WATCHED, number>>;
}

export interface PageVisit {
  firstPostMs: number | null;
  /** On a post's page, when its first comment shows. */
  firstCommentMs?: number | null;
  lcpMs: number;
  cls: number;
  longTasks: number;
  blockingMs: number;
  scriptKB: number;
}

export interface PageReport {
  first: PageVisit;
  repeat: PageVisit;
  offlineColdStartMs: number | null;
  /** A first visit to a post with 500 comments, opened cold from a link (its title counts as the first post). */
  postFirst: PageVisit;
}

/** What a first visit on this phone should reach (the front door's and the long thread's targets). */
const TARGETS = { firstShownMs: 1500, firstCommentMs: 2000, lcpMs: 2000, cls: 0.02, blockingMs: 200 };

const POST_TITLE = 'h1.post-page__title';
const COMMENT = 'article.comment__main';

/** What page-vitals.js reports the first paint of, by name. */
const WATCHED = { post: POST_CARD, title: POST_TITLE, comment: COMMENT };
type Watched = keyof typeof WATCHED;

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/** Time from `started` until `shown` is visible, or null if it does not show within 15 s. */
async function timeUntilShown(page: Page, started: number, shown: string): Promise<number | null> {
  try {
    await page.locator(shown).first().waitFor({ state: 'visible', timeout: 15_000 });
    return Date.now() - started;
  } catch {
    return null;
  }
}

/** Time from navigation start until `shown` (the first post card) is visible, or null if it does not show within 15 s. */
async function timeToFirstPost(page: Page, url: string, shown = POST_CARD): Promise<number | null> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  return timeUntilShown(page, started, shown);
}

/**
 * A visit to `url` until `shown` is visible, and then `alsoShown` if given. Their times are when
 * the page painted them (Element Timing), which is what a reader sees; the time the browser
 * automation noticed them, later when the page is busy, counts only if the paint was not reported.
 */
async function visit(context: BrowserContext, url: string, shown: Watched = 'post', alsoShown?: Watched): Promise<PageVisit> {
  const page = await context.newPage();
  await throttle(context, page);
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  const noticedMs = await timeUntilShown(page, started, WATCHED[shown]);
  const alsoNoticedMs = alsoShown ? await timeUntilShown(page, started, WATCHED[alsoShown]) : undefined;
  // Late shifts and long tasks count too: let the page settle before reading.
  await page.waitForTimeout(3_000);
  const result = await page.evaluate(() => (globalThis as unknown as { __readVitals(): Vitals }).__readVitals());
  await page.close();
  const paintedOr = (name: Watched, noticed: number | null) => (noticed === null ? null : (result.painted[name] ?? noticed));
  return {
    firstPostMs: paintedOr(shown, noticedMs),
    ...(alsoShown && alsoNoticedMs !== undefined && { firstCommentMs: paintedOr(alsoShown, alsoNoticedMs) }),
    lcpMs: result.lcp,
    cls: result.cls,
    longTasks: result.longTasks,
    blockingMs: result.blockingMs,
    scriptKB: result.scriptBytes / 1024,
  };
}

/** `postId`'s page, read as a link to it would be opened. */
export async function measurePage(baseUrl: string, postId: string): Promise<PageReport> {
  const post = (await (await fetch(`${baseUrl}/api/posts/${postId}`)).json()) as { communityName: string };
  const postUrl = `${baseUrl}/${post.communityName}/post/${postId}`;
  const profile = mkdtempSync(join(tmpdir(), 'quorum-bench-browser-'));
  const postProfile = mkdtempSync(join(tmpdir(), 'quorum-bench-browser-'));
  const launch = (folder = profile) =>
    chromium.launchPersistentContext(folder, {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
      serviceWorkers: 'allow',
      ...phone,
    });
  try {
    const watchVitals = async (context: BrowserContext) => {
      await context.addInitScript({ content: `window.__watched = ${JSON.stringify(WATCHED)};` });
      await context.addInitScript({ path: vitalsScript });
    };
    let context = await launch();
    await watchVitals(context);
    const first = await visit(context, baseUrl);
    const repeat = await visit(context, baseUrl);
    await context.close();

    // Reopened with no network: the shell comes from the worker, the feed from the persisted cache.
    context = await launch();
    await context.setOffline(true);
    const page = context.pages()[0] ?? (await context.newPage());
    const offlineColdStartMs = await timeToFirstPost(page, baseUrl);
    await context.close();

    context = await launch(postProfile);
    await watchVitals(context);
    const postFirst = await visit(context, postUrl, 'title', 'comment');
    await context.close();
    return { first, repeat, offlineColdStartMs, postFirst };
  } finally {
    rmSync(profile, { recursive: true, force: true });
    rmSync(postProfile, { recursive: true, force: true });
  }
}

export function printPageReport(report: PageReport): void {
  const ms = (value: number | null) => (value === null ? 'none shown' : `${Math.round(value)} ms`);
  const row = (name: string, v: PageVisit) =>
    `  ${name.padEnd(13)} first post ${ms(v.firstPostMs).padStart(10)}  LCP ${ms(v.lcpMs).padStart(8)}  CLS ${v.cls.toFixed(3)}  long tasks ${String(v.longTasks).padStart(2)} (${Math.round(v.blockingMs)} ms blocking)  script ${v.scriptKB.toFixed(1)} KB`;
  console.log(`\nFeed on a phone (390×844, CPU ${cpuSlowdown}× slower, 150 ms RTT, 1.6 Mbit/s)`);
  console.log(row('first visit', report.first));
  console.log(row('repeat visit', report.repeat));
  console.log(`  offline cold start: first post ${ms(report.offlineColdStartMs)}`);
  console.log('A post with 500 comments, opened cold from a link (its title counts as the first post)');
  console.log(row('first visit', report.postFirst));
  console.log(`  first comment ${ms(report.postFirst.firstCommentMs ?? null)}`);
  console.log(
    `Targets: a first visit's first post or title ≤ ${TARGETS.firstShownMs} ms (a long thread's first comment ≤ ${TARGETS.firstCommentMs} ms), LCP ≤ ${TARGETS.lcpMs} ms, CLS ≤ ${TARGETS.cls}, blocking ≤ ${TARGETS.blockingMs} ms; repeat and offline no slower than before`,
  );
}
