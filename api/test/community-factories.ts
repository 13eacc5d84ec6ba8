import type { Community } from '@quorum/shared/types';
import { Browser, signUp, uniqueName, type TestApp, type TestResponse } from './helpers/app.ts';

export type SignedUp = Awaited<ReturnType<typeof signUp>>;

/** A logged-in user with enough points to create communities unless told otherwise. */
export async function makeUser(t: TestApp, points = 100): Promise<SignedUp> {
  const user = await signUp(t.app);
  await t.sql`update users set points = ${points}, is_admin = false where id = ${user.user.id}`;
  return user;
}

export async function makeAdmin(t: TestApp, points = 0): Promise<SignedUp> {
  const user = await signUp(t.app);
  await t.sql`update users set points = ${points}, is_admin = true where id = ${user.user.id}`;
  return user;
}

export async function visitor(t: TestApp): Promise<Browser> {
  return new Browser(t.app).open();
}

/** Creates a community through the API as `owner`, who becomes its first mod. */
export async function makeCommunity(
  owner: Browser,
  fields: { name?: string; about?: string | null } = {},
): Promise<Community> {
  const response = await owner.post('/api/communities', { name: uniqueName('c'), about: 'A place.', ...fields });
  if (response.statusCode !== 201) throw new Error(`community creation failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function put(browser: Browser, url: string, body: unknown): Promise<TestResponse> {
  return browser.request('PUT', url, { body });
}

export function del(browser: Browser, url: string): Promise<TestResponse> {
  return browser.request('DELETE', url);
}
