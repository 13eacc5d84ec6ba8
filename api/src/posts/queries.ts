// The writes of posts. Reads are in content/post-queries.ts.
import type { PostType } from '@quorum/shared/entities/posts';
import type { UserGroup } from '@quorum/shared/entities/users';
import type { Db } from '../db/connect.ts';
import { attachImages } from '../images/queries.ts';
import { hotness } from './hotness.ts';

export interface NewPost {
  publicId: string;
  type: PostType;
  title: string;
  body: string | null;
  userId: string;
  userGroup: UserGroup;
  communityId: string;
  linkUrl: string | null;
  linkHostname: string | null;
  createdAt: Date;
  /** Why it waits for a moderator's approval; null to publish it at once. */
  heldReason: string | null;
}

/**
 * Inserts a post with its author's own upvote (so it starts with one) and, unless it is held for
 * approval, counts it for the author and the community.
 */
export async function insertPost(db: Db, post: NewPost): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into posts (public_id, type, title, body, user_id, user_group, community_id, link_url, link_hostname,
                       upvotes, points, hotness, created_at, last_activity_at, held_at, held_reason)
    values (${post.publicId}, ${post.type}, ${post.title}, ${post.body}, ${post.userId}, ${post.userGroup},
            ${post.communityId}, ${post.linkUrl}, ${post.linkHostname}, 1, 1,
            ${hotness(1, post.createdAt)}, ${post.createdAt}, ${post.createdAt},
            ${post.heldReason === null ? null : post.createdAt}, ${post.heldReason})
    returning id`;
  if (!row) throw new Error('insert into posts returned nothing');
  await db`insert into post_votes (post_id, user_id, up, counted) values (${row.id}, ${post.userId}, true, false)`;
  if (post.heldReason === null) await countPublishedPost(db, post);
  return row.id;
}

/** Counts a post as published, for its author and its community: on creation, or once approved. */
export async function countPublishedPost(db: Db, post: { userId: string; communityId: string }): Promise<void> {
  await db`
    with community as (update communities set no_posts = no_posts + 1 where id = ${post.communityId})
    update users set no_posts = no_posts + 1 where id = ${post.userId}`;
}

/**
 * Attaches fresh uploads of `userId` to a post, in the given order. Returns the alt texts of the
 * images attached: fewer than asked means some were not the user's own unattached uploads.
 */
export async function attachPostImages(
  db: Db,
  postId: string,
  userId: string,
  images: Array<{ imageId: string; caption: string | null }>,
): Promise<Array<{ id: string; altText: string | null }>> {
  if (images.length === 0) return [];
  const ids = images.map((image) => image.imageId);
  const attached = await db<{ id: string; altText: string | null }[]>`
    update images set attached_at = now()
    where id = any(${ids}::uuid[]) and uploaded_by = ${userId} and attached_at is null and deleted_at is null
    returning id, alt_text`;
  if (attached.length !== images.length) return attached;
  await db`
    insert into post_images (post_id, image_id, z_index, caption)
    select ${postId}, x.id, x.ord - 1, x.caption
    from unnest(${ids}::uuid[], ${images.map((image) => image.caption)}::text[]) with ordinality as x(id, caption, ord)`;
  return attached;
}

export async function publicIdExists(db: Db, publicId: string): Promise<boolean> {
  const rows = await db`select 1 from posts where public_id = ${publicId}`;
  return rows.length > 0;
}

export async function recordVisit(db: Db, postId: string, userId: string): Promise<void> {
  await db`
    insert into post_visits (post_id, user_id) values (${postId}, ${userId})
    on conflict (user_id, post_id) do update set last_visited_at = now()`;
}

export async function updatePostContent(
  db: Db,
  postId: string,
  changes: { title?: string; body?: string | null; userGroup?: UserGroup },
): Promise<void> {
  await db`
    update posts set
      title = coalesce(${changes.title ?? null}, title),
      body = ${changes.body === undefined ? db`body` : db`${changes.body}`},
      user_group = coalesce(${changes.userGroup ?? null}, user_group),
      edited_at = ${changes.title !== undefined || changes.body !== undefined ? db`now()` : db`edited_at`}
    where id = ${postId}`;
}

export async function setLocked(db: Db, postId: string, lock: { by: string; as: UserGroup } | null): Promise<void> {
  await db`
    update posts set locked_at = ${lock ? db`now()` : null}, locked_by = ${lock?.by ?? null}, locked_by_group = ${lock?.as ?? null}
    where id = ${postId}`;
}

/** Deletes a post; its author's count drops unless it was deleted already or never counted (held). */
export async function deletePost(
  db: Db,
  post: { id: string; userId: string; alreadyDeleted: boolean; held: boolean },
  by: { userId: string; as: UserGroup },
  purgeContent: boolean,
): Promise<void> {
  if (!post.alreadyDeleted) {
    await db`
      update posts set deleted_at = now(), deleted_by = ${by.userId}, deleted_as = ${by.as}, pinned_at = null, pinned_site_at = null
      where id = ${post.id}`;
    if (!post.held) await db`update users set no_posts = greatest(no_posts - 1, 0) where id = ${post.userId}`;
  }
  if (purgeContent) {
    await db`
      update posts set deleted_content_at = now(), deleted_content_by = ${by.userId}, deleted_content_as = ${by.as},
        body = null, link_image_id = null
      where id = ${post.id} and deleted_content_at is null`;
    await db`update images set deleted_at = now() where id in (select image_id from post_images where post_id = ${post.id})`;
  }
}

/** Pins or unpins; pinning fails (false) when the scope already has `max` pinned posts. */
export async function setPinned(
  tx: Db,
  post: { id: string; communityId: string },
  siteWide: boolean,
  pin: boolean,
  max: number,
): Promise<boolean> {
  if (!pin) {
    await tx`update posts set ${siteWide ? tx`pinned_site_at` : tx`pinned_at`} = null where id = ${post.id}`;
    return true;
  }
  // Serialises pinning within one scope, so two pins at once cannot both take the last place.
  await tx`select pg_advisory_xact_lock(727003, hashtext(${siteWide ? 'site' : post.communityId}))`;
  const [count] = await tx<{ n: number }[]>`
    select count(*)::int as n from posts
    where ${siteWide ? tx`pinned_site_at is not null` : tx`pinned_at is not null and community_id = ${post.communityId}`}
      and id <> ${post.id}`;
  if ((count?.n ?? 0) >= max) return false;
  await tx`
    update posts set ${siteWide ? tx`pinned_site_at` : tx`pinned_at`} = coalesce(${siteWide ? tx`pinned_site_at` : tx`pinned_at`}, now())
    where id = ${post.id}`;
  return true;
}

export async function markAnnounced(db: Db, postId: string, by: string): Promise<boolean> {
  const rows = await db`update posts set announced_at = now(), announced_by = ${by} where id = ${postId} and announced_at is null returning id`;
  return rows.length > 0;
}

export async function hidePost(db: Db, userId: string, postId: string): Promise<void> {
  await db`insert into hidden_posts (user_id, post_id) values (${userId}, ${postId}) on conflict do nothing`;
}

export async function unhidePost(db: Db, userId: string, postId: string): Promise<void> {
  await db`delete from hidden_posts where user_id = ${userId} and post_id = ${postId}`;
}

/** Attaches a fetched link thumbnail (a fresh upload of the poster) to a link post. */
export async function setLinkImage(tx: Db, postId: string, imageId: string, userId: string): Promise<void> {
  const attached = await attachImages(tx, [imageId], userId);
  if (attached === 1) await tx`update posts set link_image_id = ${imageId} where id = ${postId} and deleted_content_at is null`;
}

/**
 * Sets the points and hot rank of a batch of the posts whose votes changed since they were last
 * ranked (migrations 0036 and 0037); answers how many it took, 0 once none is left.
 */
export async function rankChangedPosts(db: Db): Promise<number> {
  const [row] = await db<{ taken: number }[]>`select refresh_post_ranks() as taken`;
  return row!.taken;
}
