// The key journeys again, on a server that keeps visitors' answers for a short while (the
// `visitor-cache` project: VISITOR_CACHE_MS as shipped). Each member's write shows to them at once,
// after a reload, and once their recent-write cookie is gone (the page then starts from the one
// kept for visitors and adds their own marks); visitors never see a member's marks, and see what
// members wrote once the kept answer is renewed.
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Post, PostsPage } from '@quorum/shared/entities/posts';
import { apiAs } from './helpers.ts';
import { newUser, openPost, postPath, seedComment, seedPost } from './post-helpers.ts';

/** Stands for time passing after a write: the browser drops the cookie after its Max-Age. */
async function forgetRecentWrite(page: Page): Promise<void> {
  await page.context().clearCookies({ name: 'recentwrite' });
}

/** Loads `path` and answers the JSON the app read from `apiPath` (a GET) while loading it. */
async function loadReading<T>(page: Page, path: string, apiPath: (url: URL) => boolean): Promise<T> {
  // A read the page before had under way (a refresh after a write) must not be taken for the new
  // page's: its answer is dropped by the navigation. Only a read sent once the navigation began counts.
  await page.waitForLoadState('networkidle');
  const navigationStart = Date.now();
  const [response] = await Promise.all([
    page.waitForResponse((answer) =>
      answer.request().method() === 'GET' && apiPath(new URL(answer.url())) && answer.ok() &&
      answer.request().timing().startTime >= navigationStart),
    page.goto(path),
  ]);
  return (await response.json()) as T;
}

const isFeedOf = (communityId: string) => (url: URL) => url.pathname === '/api/posts' && url.searchParams.get('communityId') === communityId;
const isHomeFeed = (url: URL) => url.pathname === '/api/posts' && url.searchParams.get('feed') === 'home';
const isPostPage = (post: Post) => (url: URL) => url.pathname === `/api/posts/${post.publicId}`;

/**
 * A page of a browser of its own, for a visitor who has the app installed: its pages come from
 * the service worker and the app reads the API itself (a first visit gets the page drawn on the
 * server, with its answers inside, see server-rendered.spec.ts).
 */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/about');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  return page;
}

test('a vote shows to the voter after a reload and once their recent write is forgotten, never to visitors', async ({ page, browser }) => {
  const { community, post } = await seedPost(page, 'A post to vote on');
  const visitor = await visitorPage(browser);
  // A visitor reads first, so that the page is kept before the vote.
  const before = await loadReading<PostsPage>(visitor, `/${community.name}`, isFeedOf(community.id));
  expect(before.posts.find((p) => p.id === post.id)?.upvotes).toBe(1);

  await newUser(page, 'voter');
  await page.goto(`/${community.name}`);
  const card = page.getByRole('article', { name: post.title });
  await card.getByRole('button', { name: 'Upvote' }).click();
  await expect(card.getByTestId('post-score')).toHaveText('2 points');

  const afterWrite = await loadReading<PostsPage>(page, `/${community.name}`, isFeedOf(community.id));
  expect(afterWrite.posts.find((p) => p.id === post.id)).toMatchObject({ upvotes: 2, userVoted: true, userVotedUp: true });
  await forgetRecentWrite(page);
  const fromShared = await loadReading<PostsPage>(page, `/${community.name}`, isFeedOf(community.id));
  expect(fromShared.posts.find((p) => p.id === post.id)).toMatchObject({ upvotes: 2, userVoted: true, userVotedUp: true });
  await expect(card.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  const postPage = await loadReading<Post>(page, postPath(post), isPostPage(post));
  expect(postPage).toMatchObject({ upvotes: 2, userVoted: true, userVotedUp: true });

  // The visitor gets the count once the kept page is renewed, and never the member's mark.
  await expect(async () => {
    const seen = await loadReading<PostsPage>(visitor, `/${community.name}`, isFeedOf(community.id));
    expect(seen.posts.find((p) => p.id === post.id)).toMatchObject({ upvotes: 2, userVoted: false });
  }).toPass({ timeout: 15_000 });
  await expect(visitor.getByRole('article', { name: post.title }).getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'false');
  await visitor.context().close();
});

test('a comment shows to its author at once and after their recent write is forgotten, and to visitors soon after', async ({ page, browser }) => {
  const { post } = await seedPost(page, 'A post to comment on');
  const visitor = await visitorPage(browser);
  await loadReading<Post>(visitor, postPath(post), isPostPage(post));

  await newUser(page, 'writer');
  await openPost(page, post);
  await page.getByRole('textbox', { name: 'Add a comment' }).fill('Kept pages still show my own words.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByRole('heading', { name: '1 comment' })).toBeVisible();

  const afterWrite = await loadReading<Post>(page, postPath(post), isPostPage(post));
  expect(afterWrite.comments?.map((comment) => comment.body)).toEqual(['Kept pages still show my own words.']);
  await forgetRecentWrite(page);
  const fromShared = await loadReading<Post>(page, postPath(post), isPostPage(post));
  expect(fromShared.noComments).toBe(1);
  expect(fromShared.comments?.map((comment) => comment.body)).toEqual(['Kept pages still show my own words.']);
  await expect(page.getByText('Kept pages still show my own words.')).toBeVisible();

  await expect(async () => {
    const seen = await loadReading<Post>(visitor, postPath(post), isPostPage(post));
    expect(seen.comments?.map((comment) => comment.body)).toEqual(['Kept pages still show my own words.']);
  }).toPass({ timeout: 15_000 });
  await expect(visitor.getByText('Kept pages still show my own words.')).toBeVisible();
  await visitor.context().close();
});

test('joining shows as Joined and fills the home feed, also once the recent write is forgotten', async ({ page }) => {
  const { community, post } = await seedPost(page, 'A post of a community to join');
  await newUser(page, 'joiner');
  await page.goto(`/${community.name}`);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Joined' })).toBeVisible();

  await forgetRecentWrite(page);
  const feed = await loadReading<PostsPage>(page, `/${community.name}`, isFeedOf(community.id));
  expect(feed.posts.map((p) => p.id)).toContain(post.id);
  await expect(page.getByRole('button', { name: 'Joined' })).toBeVisible();
  const postPage = await loadReading<Post>(page, postPath(post), isPostPage(post));
  expect(postPage.community).toMatchObject({ userJoined: true });
  const home = await loadReading<PostsPage>(page, '/subscriptions', isHomeFeed);
  expect(home.posts.map((p) => p.id)).toContain(post.id);
  await expect(page.getByRole('article', { name: post.title })).toBeVisible();
});

test('a hidden post and a muted author leave the member’s feed for good, and stay in visitors’', async ({ page, browser }) => {
  const { community, post: hidden } = await seedPost(page, 'A post to hide');
  const author = await newUser(page, 'muted');
  const byMuted = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'A post by someone to mute', body: '', community: community.name });
  const comment = await seedComment(page, hidden, 'A comment by someone to mute.');

  await newUser(page, 'reader');
  await page.goto(`/${community.name}`);
  const card = page.getByRole('article', { name: hidden.title });
  await card.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Hide' }).click();
  await expect(card).toHaveCount(0);
  const other = page.getByRole('article', { name: byMuted.title });
  await other.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: `Mute @${author}` }).click();
  await expect(other).toHaveCount(0);

  await forgetRecentWrite(page);
  const feed = await loadReading<PostsPage>(page, `/${community.name}`, isFeedOf(community.id));
  expect(feed.posts.map((p) => p.id)).not.toContain(hidden.id);
  expect(feed.posts.map((p) => p.id)).not.toContain(byMuted.id);
  const postPage = await loadReading<Post>(page, postPath(hidden), isPostPage(hidden));
  expect(postPage.hidden).toBe(true);
  expect(postPage.comments?.find((c: Comment) => c.id === comment.id)).toMatchObject({ isAuthorMuted: true });

  const visitor = await visitorPage(browser);
  const seen = await loadReading<PostsPage>(visitor, `/${community.name}`, isFeedOf(community.id));
  expect(seen.posts.map((p) => p.id)).toEqual(expect.arrayContaining([hidden.id, byMuted.id]));
  await visitor.context().close();
});

test('a deleted post leaves its author’s pages at once and visitors’ soon after', async ({ page, browser }) => {
  const { community } = await seedPost(page, 'A post that stays');
  await newUser(page, 'author');
  const post = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title: 'A post its author deletes', body: '', community: community.name });
  const visitor = await visitorPage(browser);
  const before = await loadReading<PostsPage>(visitor, `/${community.name}`, isFeedOf(community.id));
  expect(before.posts.map((p) => p.id)).toContain(post.id);

  await openPost(page, post);
  await page.getByRole('button', { name: 'Manage post' }).click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${community.name}$`));
  await expect(page.getByRole('article', { name: post.title })).toHaveCount(0);

  await forgetRecentWrite(page);
  const feed = await loadReading<PostsPage>(page, `/${community.name}`, isFeedOf(community.id));
  expect(feed.posts.map((p) => p.id)).not.toContain(post.id);
  await expect(page.getByRole('article', { name: post.title })).toHaveCount(0);

  await expect(async () => {
    const seen = await loadReading<PostsPage>(visitor, `/${community.name}`, isFeedOf(community.id));
    expect(seen.posts.map((p) => p.id)).not.toContain(post.id);
  }).toPass({ timeout: 15_000 });
  await visitor.context().close();
});
