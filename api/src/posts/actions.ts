// What people do to posts. Each function checks the rules (policy.ts) and throws an HttpError
// from the shared catalogue when one refuses.
import { randomInt } from 'node:crypto';
import type * as v from 'valibot';
import { PINS_MAX } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type {
  createPostBody, deletePostQuery, PostAction, PostActionQuery, postVoteBody, updatePostBody,
} from '@quorum/shared/schemas/posts';
import type { UserGroup } from '@quorum/shared/entities/users';
import { getCommunityForPosting, getCommunityOfPost } from '../communities/queries.ts';
import { recordScreening, screenContent } from '../automod/screen.ts';
import { bannedFrom } from '../content/community-load.ts';
import { getStanding } from '../content/community-queries.ts';
import { canActAs, canDeleteAs, canModerate, type Actor, type Standing } from '../content/policy.ts';
import { loadPostById } from '../content/post-load.ts';
import type { PostRow, PostVisit } from '../content/post-present.ts';
import { postExists } from '../content/post-queries.ts';
import type { Sql } from '../db/connect.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import type { Jobs } from '../jobs/queue.ts';
import { getAltTexts } from '../images/queries.ts';
import { parseHttpUrl } from '../links/fetch.ts';
import { groupOf, recordModAction, siteAdmin, type ModActionRecord } from '../modlog/record.ts';
import { queueAnnouncement, queueNotification, queueVoteNotification } from '../notifications/jobs.ts';
import { resolveReports } from '../reports/queries.ts';
import { getSiteSettings } from '../site/settings.ts';
import { getContributorFacts } from '../users/queries.ts';
import { assertMayPostWithEmail } from '../users/email-confirmation.ts';
import { castVoteAndRead } from '../votes/cast.ts';
import { canAnnounce, canEditPost, canLockAs, canPin, canPostIn, canPurgeContent, defaultLockGroup, hasPointsFor } from './policy.ts';
import * as q from './queries.ts';
import { queuePostRanks } from './ranks.ts';

const PUBLIC_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const PUBLIC_ID_LENGTH = 8;

/** A short random id for post URLs, from the CSPRNG, that no post has yet. */
async function newPublicId(sql: Sql): Promise<string> {
  for (;;) {
    let id = '';
    for (let i = 0; i < PUBLIC_ID_LENGTH; i++) id += PUBLIC_ID_ALPHABET[randomInt(PUBLIC_ID_ALPHABET.length)];
    if (!(await q.publicIdExists(sql, id))) return id;
  }
}

/** Who writes: screening names them in the log when watched words refuse what they wrote. */
type Author = Actor & { username: string };

export interface CreatedPost {
  id: string;
  publicId: string;
  /** The address of a link post, whose thumbnail is fetched afterwards. */
  link: URL | null;
}

/**
 * Creates a post in the community named in `input`. Refuses users banned there, others than its
 * mods and admins where posting is restricted, a signature the user may not use, image and link
 * posts without the site's points, a malformed link, images that are not the user's fresh
 * uploads, and images without alt text when the user asked to require it.
 */
export async function createPost(sql: Sql, user: Author, input: v.InferOutput<typeof createPostBody>): Promise<CreatedPost> {
  const community = await getCommunityForPosting(sql, input.community);
  if (!community) throw notFound(Messages.communityNotFound);
  await assertMayPostWithEmail(sql, user);
  const [standing, settings, author] = await Promise.all([
    getStanding(sql, community.id, user.id),
    getSiteSettings(sql),
    getContributorFacts(sql, user.id),
  ]);
  if (standing.isBanned) throw bannedFrom(community.name);
  if (!canPostIn(user, standing, community)) throw forbidden(Messages.postingRestricted, ErrorCode.postingRestricted);
  if (!canActAs(user, standing, input.userGroup)) throw forbidden(Messages.cannotPostAs(input.userGroup));
  if (input.type !== 'text' && !hasPointsFor(input.type, { ...user, points: author.points }, settings)) {
    throw forbidden(Messages.notEnoughPointsToPost(input.type), ErrorCode.notEnoughPoints);
  }
  const link = input.type === 'link' ? parseHttpUrl(input.url ?? '') : null;
  if (input.type === 'link' && !link) throw badRequest(Messages.invalidUrl, ErrorCode.invalidUrl);

  const images = input.type === 'image' ? input.images : [];
  const screening = await screenContent(sql, {
    communityId: community.id,
    author: user,
    exempt: canModerate(user, standing),
    kind: 'post',
    text: {
      title: input.title,
      body: input.type === 'text' ? input.body : null,
      other: [link?.toString() ?? null, ...(await getAltTexts(sql, images.map((image) => image.imageId))), ...images.map((image) => image.caption)],
    },
    creating: true,
  });
  const publicId = await newPublicId(sql);
  const title = screening.title ?? input.title;
  const id = await sql.begin(async (tx) => {
    const postId = await q.insertPost(tx, {
      publicId,
      type: input.type,
      title,
      body: input.type === 'text' ? screening.body : null,
      userId: user.id,
      userGroup: input.userGroup,
      communityId: community.id,
      linkUrl: link?.toString() ?? null,
      linkHostname: link?.hostname.replace(/^www\./, '') ?? null,
      createdAt: new Date(),
      heldReason: screening.heldReason,
    });
    if (input.type === 'image') {
      const attached = await q.attachPostImages(tx, postId, user.id, input.images);
      if (attached.length !== input.images.length) throw badRequest(Messages.postImagesMissing);
      if (author.requireAltText && attached.some((image) => !image.altText?.trim())) throw badRequest(Messages.altTextMissing);
    }
    await recordScreening(tx, screening, {
      communityId: community.id,
      postId,
      commentId: null,
      userId: user.id,
      details: { title, publicId, communityName: community.name },
    });
    return postId;
  });
  return { id, publicId, link };
}

/** Changes a post's title, body (text posts) or signature: its author only, and not once deleted. */
/** A locked post stays as it is, but for its community's mods and admins. */
function assertUnlockedFor(user: Actor, standing: Standing, post: { lockedAt: Date | null }): void {
  if (post.lockedAt && !canModerate(user, standing)) throw forbidden(Messages.postLocked, ErrorCode.postLocked);
}

/** The changed title and body are screened with watched words, as on creation (without holds). */
export async function editPost(sql: Sql, user: Author, post: PostRow, input: v.InferOutput<typeof updatePostBody>): Promise<void> {
  if (!canEditPost(user, post)) throw forbidden(Messages.onlyAuthorEditsPost);
  if (post.deletedAt) throw forbidden(Messages.deletedPostNotEditable);
  const standing = await getStanding(sql, post.communityId, user.id);
  assertUnlockedFor(user, standing, post);
  if (input.userGroup && !canActAs(user, standing, input.userGroup)) throw forbidden(Messages.cannotPostAs(input.userGroup));
  const body = post.type === 'text' ? input.body : undefined;
  const changesText = input.title !== undefined || body !== undefined;
  const screening = changesText
    ? await screenContent(sql, {
        communityId: post.communityId,
        author: user,
        exempt: canModerate(user, standing),
        kind: 'post',
        text: { title: input.title ?? null, body: body ?? null },
        creating: false,
      })
    : null;
  await sql.begin(async (tx) => {
    await q.updatePostContent(tx, post.id, {
      title: input.title === undefined ? undefined : (screening?.title ?? input.title),
      body: body === undefined ? undefined : (screening?.body ?? body),
      userGroup: input.userGroup,
    });
    if (screening) {
      await recordScreening(tx, screening, {
        communityId: post.communityId,
        postId: post.id,
        commentId: null,
        userId: post.userId,
        details: { title: input.title ?? post.title, publicId: post.publicId, communityName: post.communityName },
      });
    }
  });
}

/** Signs a post as another group the author belongs to (normal when none is named). */
async function changePostAs(sql: Sql, user: Actor, post: PostRow, group: UserGroup = 'normal'): Promise<void> {
  if (!canEditPost(user, post)) throw forbidden(Messages.onlyAuthorSignsPost);
  const standing = await getStanding(sql, post.communityId, user.id);
  assertUnlockedFor(user, standing, post);
  if (!canActAs(user, standing, group)) throw forbidden(Messages.cannotPostAs(group));
  await q.updatePostContent(sql, post.id, { userGroup: group });
}

/** What the moderation log keeps of an action on a post. */
function postEntry(post: PostRow): Pick<ModActionRecord, 'target' | 'targetUserId' | 'postId' | 'details'> {
  return {
    target: { type: 'post', id: post.id },
    targetUserId: post.userId,
    postId: post.id,
    details: { title: post.title, publicId: post.publicId, communityName: post.communityName },
  };
}

/**
 * Locks (no more comments or votes) or unlocks a post, as mods or admins; locking closes its open
 * reports and tells the author, with the reason given.
 */
async function setPostLock(
  sql: Sql,
  user: Actor,
  post: PostRow,
  lock: boolean,
  as: UserGroup | undefined,
  reason: string | null,
  jobs: Jobs,
): Promise<void> {
  const standing = await getStanding(sql, post.communityId, user.id);
  const group = as ?? defaultLockGroup(user, standing);
  if (group === 'normal' || !canLockAs(user, standing, group)) throw forbidden();
  await sql.begin(async (tx) => {
    await q.setLocked(tx, post.id, lock ? { by: user.id, as: group } : null);
    if (lock) await resolveReports(tx, { postId: post.id }, 'locked', user.id);
    await recordModAction(tx, {
      kind: lock ? 'lock_post' : 'unlock_post',
      communityId: post.communityId,
      actor: { id: user.id, group },
      ...postEntry(post),
      reason,
    });
  });
  if (lock) await queueNotification(jobs, { kind: 'post_locked', postId: post.id, lockedBy: user.id, lockedAs: group, reason });
}

/** Pins or unpins a post in its community or site-wide; at most PINS_MAX are pinned in each. */
async function setPostPin(sql: Sql, user: Actor, post: PostRow, pin: boolean, siteWide: boolean): Promise<void> {
  const standing = await getStanding(sql, post.communityId, user.id);
  if (!canPin(user, standing, siteWide)) throw forbidden();
  if (post.deletedAt && pin) throw forbidden(Messages.deletedPostNotPinnable);
  await sql.begin(async (tx) => {
    if (!(await q.setPinned(tx, post, siteWide, pin, PINS_MAX))) throw forbidden(Messages.pinsFull(PINS_MAX, siteWide));
    const kind = siteWide ? (pin ? 'pin_post_site' : 'unpin_post_site') : pin ? 'pin_post' : 'unpin_post';
    await recordModAction(tx, {
      kind,
      communityId: siteWide ? null : post.communityId,
      actor: { id: user.id, group: siteWide ? 'admins' : groupOf(user, standing.isMod) },
      ...postEntry(post),
    });
  });
}

/** Announces a post to every user, once: each is notified in the background. */
async function announcePost(sql: Sql, user: Actor, post: PostRow, jobs: Jobs): Promise<void> {
  if (!canAnnounce(user)) throw forbidden();
  if (post.deletedAt) throw forbidden(Messages.deletedPostNotAnnounceable);
  await sql.begin(async (tx) => {
    if (!(await q.markAnnounced(tx, post.id, user.id))) throw conflict(ErrorCode.alreadyAnnounced, Messages.alreadyAnnounced);
    await recordModAction(tx, { kind: 'announce_post', ...siteAdmin(user), ...postEntry(post) });
  });
  await queueAnnouncement(jobs, post.id);
}

/** An action named in the query of PUT /api/posts/{publicId}, with the query's options. */
export async function runPostAction(
  sql: Sql,
  user: Actor,
  post: PostRow,
  action: PostAction,
  query: PostActionQuery,
  reason: string | null,
  jobs: Jobs,
): Promise<void> {
  switch (action) {
    case 'changeAsUser':
      return changePostAs(sql, user, post, query.userGroup);
    case 'lock':
    case 'unlock':
      return setPostLock(sql, user, post, action === 'lock', query.lockAs, reason, jobs);
    case 'pin':
    case 'unpin':
      return setPostPin(sql, user, post, action === 'pin', query.siteWide === 'true');
    case 'announce':
      return announcePost(sql, user, post, jobs);
  }
}

/**
 * Deletes a post as the author, its community's mods or admins; with `deleteContent` its body,
 * images and link thumbnail are purged too (author and admins only). Purging an already deleted
 * post is allowed; deleting it again is a 409. An author whose post mods or admins delete is notified,
 * with the reason given; its open reports are closed and the moderation log records it.
 */
export async function deletePost(
  sql: Sql,
  user: Actor,
  post: PostRow,
  query: v.InferOutput<typeof deletePostQuery>,
  reason: string | null,
  jobs: Jobs,
): Promise<void> {
  const standing = await getStanding(sql, post.communityId, user.id);
  if (!canDeleteAs(user, standing, post.userId, query.deleteAs)) throw forbidden();
  const purge = query.deleteContent === 'true';
  if (purge && !canPurgeContent(user, post.userId)) throw forbidden(Messages.onlyAuthorOrAdminPurges);
  if (post.deletedAt && !purge) throw conflict(ErrorCode.badRequest, Messages.postAlreadyDeleted);
  await sql.begin(async (tx) => {
    await q.deletePost(tx, { id: post.id, userId: post.userId, alreadyDeleted: post.deletedAt !== null, held: post.heldAt !== null }, { userId: user.id, as: query.deleteAs }, purge);
    if (query.deleteAs === 'normal') return;
    await resolveReports(tx, { postId: post.id }, 'deleted', user.id);
    await recordModAction(tx, {
      kind: purge ? 'remove_post_content' : 'remove_post',
      communityId: post.communityId,
      actor: { id: user.id, group: query.deleteAs },
      ...postEntry(post),
      reason,
    });
  });
  if (!post.deletedAt && query.deleteAs !== 'normal') {
    await queueNotification(jobs, { kind: 'deleted_post', postId: post.id, deletedBy: user.id, deletedAs: query.deleteAs, reason });
  }
}

/**
 * Votes on a post (the rule: migrations/0036_post_ranks_behind_votes.sql) and answers the post as
 * the voter now sees it; users banned from the community give none, and locked and deleted posts
 * take none. The post's rank follows (ranks.ts); an upvote notifies the author.
 */
export async function votePost(sql: Sql, user: Actor, input: v.InferOutput<typeof postVoteBody>, jobs: Jobs): Promise<PostRow> {
  if (!isUuid(input.postId)) throw notFound(Messages.postNotFound);
  const { outcome, after } = await castVoteAndRead(
    sql, { item: 'post', itemId: input.postId, voterId: user.id, up: input.up }, (db) => loadPostById(db, input.postId, user));
  if (outcome === 'not_found') throw notFound(Messages.postNotFound);
  if (outcome === 'banned') throw bannedFrom((await getCommunityOfPost(sql, input.postId))?.name ?? '');
  if (outcome === 'locked') throw forbidden(Messages.postLocked, ErrorCode.postLocked);
  if (outcome === 'deleted') throw forbidden(Messages.postDeleted);
  await queuePostRanks(jobs);
  if (outcome === 'upvoted') await queueVoteNotification(jobs);
  return after;
}

/**
 * Records that the viewer read the post now, when that changes anything. The last visit only
 * decides which comments are new to them, so a view with no comment since the last visit (the
 * post's last activity before it) writes nothing. Compared to the millisecond, equal times record.
 */
export async function recordView(sql: Sql, post: PostVisit, viewerId: string): Promise<void> {
  if (post.lastVisitAt !== null && post.lastActivityAt < post.lastVisitAt) return;
  await q.recordVisit(sql, post.id, viewerId);
}

/** Hides a post from the user's feeds. */
export async function hidePost(sql: Sql, user: Actor, postId: string): Promise<void> {
  if (!isUuid(postId) || !(await postExists(sql, postId))) throw notFound(Messages.postNotFound);
  await q.hidePost(sql, user.id, postId);
}

export async function unhidePost(sql: Sql, user: Actor, postId: string): Promise<void> {
  if (!isUuid(postId)) throw notFound(Messages.postNotFound);
  await q.unhidePost(sql, user.id, postId);
}
