import type { Page } from '@playwright/test';
import { apiAs, newCommunityName } from './helpers.ts';

interface CommunityJson {
  id: string;
  name: string;
}

interface PostJson {
  id: string;
  publicId: string;
  title: string;
}

/** Creates a community as the user logged in on the page (admins need no points). */
export function createCommunity(page: Page, name = newCommunityName(), about: string | null = null): Promise<CommunityJson> {
  return apiAs<CommunityJson>(page, 'POST', '/api/communities', { name, about });
}

export function createTextPost(page: Page, community: string, title: string, body = ''): Promise<PostJson> {
  return apiAs<PostJson>(page, 'POST', '/api/posts', { type: 'text', title, body, community });
}

/** Creates `count` text posts, oldest first, titled `${prefix} 1` … `${prefix} count`. */
export async function seedPosts(page: Page, community: string, count: number, prefix = 'Seeded post'): Promise<PostJson[]> {
  const posts: PostJson[] = [];
  for (let i = 1; i <= count; i++) posts.push(await createTextPost(page, community, `${prefix} ${i}`, `Body of ${prefix.toLowerCase()} ${i}.`));
  return posts;
}

/** Sets the device preferences the app keeps in localStorage (takes effect on the next load). */
export async function setDevicePreferences(page: Page, preferences: Record<string, unknown>): Promise<void> {
  await page.evaluate((value) => window.localStorage.setItem('device_preferences', JSON.stringify(value)), preferences);
}
