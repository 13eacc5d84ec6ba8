import { expect, test, type Page } from '@playwright/test';
import { openApp } from './helpers.ts';
import { postPath, seedPost } from './post-helpers.ts';

/** The title and status the server answers `path` with, before any script runs. */
async function served(page: Page, path: string): Promise<{ status: number; title: string | undefined; canonical: string | undefined }> {
  const answer = await page.request.get(path, { headers: { accept: 'text/html' } });
  const html = await answer.text();
  return {
    status: answer.status(),
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
  };
}

test('the server names each public page as the app does, so the title stays when the app starts', async ({ page, context }) => {
  const { community, post } = await seedPost(page, 'Why do my chillies drop their flowers?');
  // What visitors (and crawlers) get.
  await context.clearCookies();

  const postPage = await served(page, postPath(post));
  expect(postPage.status).toBe(200);
  expect(postPage.title).toBe('Why do my chillies drop their flowers? · Quorum');
  expect(postPage.canonical).toMatch(new RegExp(`${postPath(post)}$`));
  await openApp(page, postPath(post));
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page).toHaveTitle(postPage.title ?? '');

  const communityPage = await served(page, `/${community.name}`);
  expect(communityPage.title).toBe(`/${community.name} · Quorum`);
  await page.goto(`/${community.name}`);
  await expect(page.getByText(post.title).first()).toBeVisible();
  await expect(page).toHaveTitle(communityPage.title ?? '');

  const about = await served(page, '/about');
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(about.title ?? '');
});

test('a missing post answers 404 and the app shows its not-found page', async ({ page }) => {
  const missing = await served(page, '/nowhere_at_all/post/NoSuchPost');
  expect(missing.status).toBe(404);
  expect(missing.title).toBe('Not found · Quorum');
  await page.goto('/nowhere_at_all/post/NoSuchPost');
  await expect(page.getByText('404: Not found!')).toBeVisible();
});
