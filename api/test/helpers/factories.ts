// Test data for what a test needs but does not test: users, communities, posts, comments and
// images, made through the API as a browser would, or written straight to the database.
import type { Comment } from '@quorum/shared/entities/comments';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post } from '@quorum/shared/entities/posts';
import type { Sql } from '../../src/db/connect.ts';
import { Browser, signUp, uniqueName, type TestApp, type TestResponse } from './app.ts';

let counter = 0;
const unique = (prefix: string) => `${prefix}${process.pid % 1000}_${++counter}`.slice(0, 21);

// ---------------------------------------------------------------------------------------------
// Users

export type SignedUp = Awaited<ReturnType<typeof signUp>>;

/** A signed-up user with its id as a typed string. */
export type Member = SignedUp & { id: string };

export async function userId(sql: Sql, username: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`select id from users where lower(username) = lower(${username})`;
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

/**
 * A logged-in user as signing up leaves it (default points; an admin only as the site's first
 * account or if `admin`), joined to the community `joins` if given.
 */
export async function member(t: TestApp, options: { admin?: boolean; joins?: string } = {}): Promise<Member> {
  const session = await signUp(t.app);
  const id = await userId(t.sql, session.username);
  if (options.admin) await setAdmin(t.sql, id);
  if (options.joins) await joinCommunity(t.sql, options.joins, id);
  return { ...session, id };
}

/** A logged-in user, not an admin, with enough points to create communities unless told otherwise. */
export async function makeUser(t: TestApp, points = 100): Promise<SignedUp> {
  const user = await signUp(t.app);
  await t.sql`update users set points = ${points}, is_admin = false where id = ${user.user.id}`;
  return user;
}

/** A logged-in admin with `points` points. */
export async function makeAdmin(t: TestApp, points = 0): Promise<SignedUp> {
  const user = await signUp(t.app);
  await t.sql`update users set points = ${points}, is_admin = true where id = ${user.user.id}`;
  return user;
}

/** A browser that has visited the site without logging in. */
export async function visitor(t: TestApp): Promise<Browser> {
  return new Browser(t.app).open();
}

export async function setPoints(sql: Sql, user: string, points: number): Promise<void> {
  await sql`update users set points = ${points} where id = ${user}`;
}

/** Makes an existing user an admin, leaving its points as they are. */
export async function setAdmin(sql: Sql, user: string): Promise<void> {
  await sql`update users set is_admin = true where id = ${user}`;
}

// ---------------------------------------------------------------------------------------------
// Communities

/** Creates a community through the API as `owner`, who becomes its first mod. */
export async function makeCommunity(
  owner: Browser,
  fields: { name?: string; about?: string | null } = {},
): Promise<Community> {
  const response = await owner.post('/api/communities', { name: uniqueName('c'), about: 'A place.', ...fields });
  if (response.statusCode !== 201) throw new Error(`community creation failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * Inserts a community straight into the database, with no points needed; `modId` becomes its only
 * mod and member.
 */
export async function insertCommunity(
  sql: Sql,
  options: { name?: string; modId?: string; isDefault?: boolean; postingRestricted?: boolean } = {},
): Promise<{ id: string; name: string }> {
  const name = options.name ?? unique('comm');
  const [row] = await sql<{ id: string }[]>`
    insert into communities (name, posting_restricted, created_by)
    values (${name}, ${options.postingRestricted ?? false}, ${options.modId ?? null}) returning id`;
  if (!row) throw new Error('insert community failed');
  if (options.modId) {
    await sql`insert into community_mods (community_id, user_id, position) values (${row.id}, ${options.modId}, 0)`;
    await sql`insert into community_members (community_id, user_id) values (${row.id}, ${options.modId})`;
  }
  if (options.isDefault) await sql`insert into default_communities (community_id) values (${row.id})`;
  return { id: row.id, name };
}

export async function joinCommunity(sql: Sql, communityId: string, user: string): Promise<void> {
  await sql`insert into community_members (community_id, user_id) values (${communityId}, ${user}) on conflict do nothing`;
}

// ---------------------------------------------------------------------------------------------
// Posts, comments and images

/** Creates a post through the API as `author` in the community named `community`. */
export async function makePost(
  author: Browser,
  community: string,
  fields: { title: string; body?: string; type?: 'text' },
): Promise<Post> {
  const response = await author.post('/api/posts', { ...fields, community });
  if (response.statusCode !== 201) throw new Error(`post creation failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Creates a comment through the API as `author` under `post`, or under `parentCommentId` in it. */
export async function makeComment(
  author: Browser,
  post: { publicId: string },
  body: string,
  parentCommentId?: string,
): Promise<Comment> {
  const response = await author.post(`/api/posts/${post.publicId}/comments`, { body, parentCommentId });
  if (response.statusCode !== 201) throw new Error(`comment creation failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * A new member's post in a community inserted for it (modded by `modId` if given), which the
 * author has not joined.
 */
export async function makeThread(
  t: TestApp,
  options: { title: string; modId?: string },
): Promise<{ author: Member; community: { id: string; name: string }; post: Post }> {
  const author = await member(t);
  const community = await insertCommunity(t.sql, { modId: options.modId });
  const post = await makePost(author.browser, community.name, { title: options.title });
  return { author, community, post };
}

/** An uploaded (unattached) image owned by `uploadedBy`. */
export async function makeUpload(sql: Sql, uploadedBy: string, altText: string | null = null): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into images (store_key, format, width, height, size, alt_text, uploaded_by)
    values ('test', 'jpeg', 800, 600, 1000, ${altText}, ${uploadedBy}) returning id`;
  if (!row) throw new Error('insert image failed');
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Calls the Browser has no shorthand for

export function put(browser: Browser, url: string, body: unknown): Promise<TestResponse> {
  return browser.request('PUT', url, { body });
}

export function del(browser: Browser, url: string): Promise<TestResponse> {
  return browser.request('DELETE', url);
}
