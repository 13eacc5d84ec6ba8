// Test data made directly in the database, for what a test needs but does not test.
import type { Sql } from '../../src/db/connect.ts';

let counter = 0;
const unique = (prefix: string) => `${prefix}${process.pid % 1000}_${++counter}`.slice(0, 21);

export async function userId(sql: Sql, username: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`select id from users where lower(username) = lower(${username})`;
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

export async function makeCommunity(
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

/** An uploaded (unattached) image owned by `uploadedBy`. */
export async function makeUpload(sql: Sql, uploadedBy: string, altText: string | null = null): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    insert into images (store_key, format, width, height, size, alt_text, uploaded_by)
    values ('test', 'jpeg', 800, 600, 1000, ${altText}, ${uploadedBy}) returning id`;
  if (!row) throw new Error('insert image failed');
  return row.id;
}

export async function setPoints(sql: Sql, user: string, points: number): Promise<void> {
  await sql`update users set points = ${points} where id = ${user}`;
}

export async function makeAdmin(sql: Sql, user: string): Promise<void> {
  await sql`update users set is_admin = true where id = ${user}`;
}
