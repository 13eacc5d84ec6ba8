import { expect, type Locator, type Page } from '@playwright/test';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import { ADMIN, apiAs, logIn, logOutViaApi, newCommunityName, newUsername } from './helpers.ts';

/** Logs the page out (if anyone is logged in) and in as `username`. */
export async function switchTo(page: Page, username: string, password = 'password123'): Promise<void> {
  await logOutViaApi(page);
  await logIn(page, username, password);
}

/** Logs the page out and signs up a fresh account, which stays logged in. */
export async function newUser(page: Page, prefix = 'pu'): Promise<string> {
  await logOutViaApi(page);
  const username = newUsername(prefix);
  await apiAs(page, 'POST', '/api/_signup', { username, password: 'password123', email: '', captchaToken: '' });
  return username;
}

/** As the admin (who moderates the communities they create): a new community and a text post in it. */
export async function seedPost(page: Page, title = 'How do you keep basil alive indoors?'): Promise<{ community: Community; post: Post }> {
  await switchTo(page, ADMIN.username, ADMIN.password);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName('pc'), about: 'Plants and the people who grow them.' });
  const post = await apiAs<Post>(page, 'POST', '/api/posts', { type: 'text', title, body: 'Mine keeps **wilting**.', community: community.name });
  return { community, post };
}

/** A comment, as whoever is logged in on the page. */
export function seedComment(page: Page, post: Post, body: string, parentId: string | null = null): Promise<Comment> {
  return apiAs<Comment>(page, 'POST', `/api/posts/${post.publicId}/comments`, { body, parentCommentId: parentId });
}

/** A chain of replies: the first comment and `depth` replies, each under the one before. */
export async function seedChain(page: Page, post: Post, depth: number, label = 'Level'): Promise<Comment[]> {
  const chain: Comment[] = [];
  let parent: Comment | null = null;
  for (let level = 0; level <= depth; level++) {
    parent = await seedComment(page, post, `${label} ${level} of the thread.`, parent?.id ?? null);
    chain.push(parent);
  }
  return chain;
}

export function postPath(post: Post, commentId?: string): string {
  const base = `/${post.communityName}/post/${post.publicId}`;
  return commentId ? `${base}/${commentId}` : base;
}

/** The list item of the comment whose own body (not its replies', nor a reply being written) includes `text`. */
export function commentItem(page: Page, text: string): Locator {
  return page.locator('li.comment').filter({ has: page.locator(':scope > .comment__main > .comment__own > .comment__body', { hasText: text }) });
}

/**
 * The comment whose content includes `text`, found by its id once it shows, so that it stays
 * found while its text is hidden (collapsed, or being edited).
 */
export async function pinnedComment(page: Page, text: string): Promise<Locator> {
  const item = commentItem(page, text);
  await expect(item).toBeVisible();
  const id = await item.getAttribute('data-comment-id');
  return page.locator(`#comment-${id ?? ''}`);
}

/** The controls of the comment itself, without those of its replies. */
export function own(comment: Locator): Locator {
  return comment.locator(':scope > .comment__main > .comment__own');
}

/** Waits for the post page to show the post's title. */
export async function openPost(page: Page, post: Post, commentId?: string): Promise<void> {
  await page.goto(postPath(post, commentId));
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
}

/** A community made by the admin (its name starting with `prefix`) and a new user made its mod, left logged in. */
export async function seedCommunityWithMod(page: Page, prefix: string, about: string): Promise<{ community: Community; mod: string }> {
  await switchTo(page, ADMIN.username, ADMIN.password);
  const community = await apiAs<Community>(page, 'POST', '/api/communities', { name: newCommunityName(prefix), about });
  const mod = await newUser(page, 'mod');
  await switchTo(page, ADMIN.username, ADMIN.password);
  await apiAs(page, 'POST', `/api/communities/${community.id}/mods`, { username: mod });
  await switchTo(page, mod);
  return { community, mod };
}
