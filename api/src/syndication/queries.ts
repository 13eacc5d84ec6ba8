// The reads of the sitemaps: addresses and dates only, of what visitors may read. A post is there
// as in the feeds (content/post-queries.ts): not deleted, not held for approval, in a community
// that is not deleted. Posts are walked newest first on posts_latest_idx (ids are time-ordered).
import type { Db } from '../db/connect.ts';

export interface SitemapPost {
  publicId: string;
  communityName: string;
  lastActivityAt: Date;
}

export interface SitemapCommunity {
  name: string;
  /** When its page last changed: its newest activity, or its creation. */
  lastmod: Date;
}

function livePosts(db: Db) {
  return db`
    from posts p
    join communities c on c.id = p.community_id and c.deleted_at is null
    where p.deleted_at is null and p.held_at is null`;
}

/**
 * The id of the first post of each page of `pageSize` posts among the newest `maxPosts`, newest
 * page first: one walk down the index, so that each page is then read from its id onwards.
 */
export async function listSitemapPageStarts(db: Db, pageSize: number, maxPosts: number): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select x.id from (
      select newest.id, row_number() over (order by newest.id desc) as n
      from (select p.id ${livePosts(db)} order by p.id desc limit ${maxPosts}) newest
    ) x
    where (x.n - 1) % ${pageSize} = 0
    order by x.n`;
  return rows.map((row) => row.id);
}

/** Up to `limit` posts from post `fromId` (included) down, newest first. */
export async function listSitemapPosts(db: Db, fromId: string, limit: number): Promise<SitemapPost[]> {
  return db<SitemapPost[]>`
    select p.public_id, c.name as community_name, p.last_activity_at
    ${livePosts(db)} and p.id <= ${fromId}
    order by p.id desc
    limit ${limit}`;
}

/** The `limit` largest communities that are not deleted, with the newest activity among their posts. */
export async function listSitemapCommunities(db: Db, limit: number): Promise<SitemapCommunity[]> {
  return db<SitemapCommunity[]>`
    select c.name, greatest(c.created_at, latest.last_activity_at) as lastmod
    from communities c
    left join lateral (
      select p.last_activity_at from posts p
      where p.community_id = c.id and p.deleted_at is null and p.held_at is null
      order by p.last_activity_at desc, p.id desc
      limit 1
    ) latest on true
    where c.deleted_at is null
    order by c.no_members desc, c.id desc
    limit ${limit}`;
}
