import { expect, test, type Page } from '@playwright/test';
import type { Post } from '@quorum/shared/entities/posts';
import { apiAs } from './helpers.ts';
import { openPost, postPath, seedComment, seedPost } from './post-helpers.ts';

/** Collects every Content-Security-Policy violation the page reports, by event and on the console. */
function watchPolicyViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy/i.test(error.message)) violations.push(error.message);
  });
  return violations;
}

test('the main pages run under the Content-Security-Policy without a violation', async ({ page }) => {
  const violations = watchPolicyViolations(page);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const { community, post } = await seedPost(page, 'Which soil for succulents?');
  await seedComment(page, post, 'A gritty mix, mostly pumice.');

  // Newest first: in hot order, posts other tests voted on may push this one off the first page.
  const response = await page.goto('/?sort=latest');
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.getByRole('link', { name: 'Which soil for succulents?' }).first()).toBeVisible();

  await page.goto('/communities');
  await expect(page.getByRole('link', { name: community.name }).first()).toBeVisible();
  await page.goto(`/${community.name}`);
  await expect(page.getByRole('link', { name: 'Which soil for succulents?' }).first()).toBeVisible();
  await page.goto(postPath(post));
  await expect(page.getByText('A gritty mix, mostly pumice.')).toBeVisible();
  await page.goto('/new');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(violations).toEqual([]);
});

test('an image from another site in a post or comment is a link, and the page never requests it', async ({ page }) => {
  const offsite: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === 'tracker.example') offsite.push(request.url());
  });
  const { community } = await seedPost(page);
  const post = await apiAs<Post>(page, 'POST', '/api/posts', {
    type: 'text',
    title: 'A post with a pixel in it',
    body: 'Look at this: ![a tracking pixel](https://tracker.example/pixel.png)',
    community: community.name,
  });
  await seedComment(page, post, 'And here: ![another pixel](https://tracker.example/comment.png)');

  await openPost(page, post);
  const link = page.getByRole('link', { name: 'a tracking pixel' });
  await expect(link).toHaveAttribute('href', 'https://tracker.example/pixel.png');
  await expect(page.getByRole('link', { name: 'another pixel' })).toHaveAttribute('href', 'https://tracker.example/comment.png');
  await expect(page.locator('img[src*="tracker.example"]')).toHaveCount(0);
  expect(offsite).toEqual([]);
});
