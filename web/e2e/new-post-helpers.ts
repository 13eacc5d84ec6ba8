import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { ADMIN, apiAs, logIn, logOutViaApi, makePng, newUsername, signUp } from './helpers.ts';

export interface CommunityJson {
  id: string;
  name: string;
}

export interface PostJson {
  id: string;
  publicId: string;
  type: 'text' | 'image' | 'link';
  title: string;
  body: string | null;
  userGroup: 'normal' | 'mods' | 'admins';
  communityName: string;
  link: { url: string } | null;
  images: Array<{ id: string; altText: string | null; caption?: string | null }>;
}

/**
 * Creates communities as the admin (with rules when given), then leaves the page logged in as a
 * new user, whose name is returned.
 */
export async function seedCommunitiesThenSignUp(
  page: Page,
  communities: Array<{ name: string; about?: string; rules?: string[] }>,
): Promise<{ username: string; communities: CommunityJson[] }> {
  await logIn(page, ADMIN.username, ADMIN.password);
  const created: CommunityJson[] = [];
  for (const community of communities) {
    const json = await apiAs<CommunityJson>(page, 'POST', '/api/communities', { name: community.name, about: community.about ?? null });
    for (const rule of community.rules ?? []) await apiAs(page, 'POST', `/api/communities/${json.id}/rules`, { rule, description: null });
    created.push(json);
  }
  await logOutViaApi(page);
  const username = await signUp(page, newUsername('np'));
  return { username, communities: created };
}

export function getPost(page: Page, publicId: string): Promise<PostJson> {
  return apiAs<PostJson>(page, 'GET', `/api/posts/${publicId}`);
}

/** The public id of the post whose page the browser is on, once it got there. */
export async function publicIdFromPostUrl(page: Page, communityName: string): Promise<string> {
  await expect(page).toHaveURL(new RegExp(`/${communityName}/post/[A-Za-z0-9]+$`));
  const publicId = new URL(page.url()).pathname.split('/').pop();
  if (!publicId) throw new Error(`No post id in ${page.url()}`);
  return publicId;
}

export const pngFile = (name: string, color: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: makePng(64, 48, color) });

/** A web page with the given title on a local server of the test's own, for link previews. */
export async function serveTitledPage(title: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><head><title>${title}</title></head><body>Hello</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
