import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { FEED_LIMIT_DEFAULT, FEED_LIMIT_MAX, FEED_SORTS, PINS_MAX } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { createPostBody, hidePostBody, postVoteBody, updatePostBody } from '@quorum/shared/schemas/posts';
import type { PostsPage, UserGroup } from '@quorum/shared/types';
import { requireUser } from '../auth/plugin.ts';
import { loadCommentsPage } from '../comments/routes.ts';
import { getStanding } from '../communities/policy.ts';
import { presentCommunity } from '../communities/present.ts';
import { getCommunityById } from '../communities/queries.ts';
import type { Sql } from '../db/connect.ts';
import { decodeCursor, encodeCursor } from '../http/cursor.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { getSiteSettings } from '../site/settings.ts';
import { canActAs, canDeleteAs, canPurgeContent } from './policy.ts';
import { presentPost, type PostRow } from './present.ts';
import * as q from './queries.ts';
import { votePost } from './votes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PUBLIC_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const PUBLIC_ID_LENGTH = 8;

const uuid = (message: string) => v.pipe(v.string(message), v.regex(UUID, message));
const boolString = v.optional(v.picklist(['true', 'false']));
const group = v.picklist(['normal', 'mods', 'admins'], 'Invalid user group.');

const feedQuery = v.object({
  feed: v.optional(v.picklist(['home', 'all'], 'Unknown feed.'), 'all'),
  communityId: v.optional(uuid('Community not found.')),
  sort: v.optional(v.picklist(FEED_SORTS, 'Unknown sort.'), 'hot'),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'Invalid limit.'), v.transform(Number), v.minValue(1, 'Invalid limit.'), v.maxValue(FEED_LIMIT_MAX, `The limit is at most ${FEED_LIMIT_MAX}.`)),
    String(FEED_LIMIT_DEFAULT),
  ),
  next: v.optional(v.string()),
});

const postActionQuery = v.object({
  action: v.optional(v.picklist(['lock', 'unlock', 'changeAsUser', 'pin', 'unpin', 'announce'], 'Unknown action.')),
  lockAs: v.optional(group),
  userGroup: v.optional(group),
  siteWide: boolString,
});

const deleteQuery = v.object({ deleteAs: v.optional(group, 'normal'), deleteContent: boolString });
const getQuery = v.object({ fetchCommunity: boolString });

/** A short random id for post URLs, from the CSPRNG. */
function newPublicId(): string {
  let id = '';
  for (let i = 0; i < PUBLIC_ID_LENGTH; i++) id += PUBLIC_ID_ALPHABET[randomInt(PUBLIC_ID_ALPHABET.length)];
  return id;
}

/** The URL of a link post, or a 400 `invalid-url`: absolute http or https with a host only. */
function parseLink(text: string): { url: string; hostname: string } {
  try {
    const url = new URL(text);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) {
      return { url: url.toString(), hostname: url.hostname.replace(/^www\./, '') };
    }
  } catch {
    // invalid below
  }
  throw badRequest(Messages.invalidUrl, ErrorCode.invalidUrl);
}

export interface PostsRoutesOptions {
  sql: Sql;
  /** Fetches a link's preview image and stores it; resolves to the image id, or null. */
  linkImage?: (url: string, userId: string) => Promise<string | null>;
  limits: { create: object; vote: object; edit: object } | false;
}

const postsRoutes: FastifyPluginAsync<PostsRoutesOptions> = async (app, { sql, linkImage, limits }) => {
  async function loadPost(publicId: string, viewerId: string | null): Promise<PostRow> {
    const post = await q.getPostByPublicId(sql, publicId, viewerId);
    if (!post) throw notFound('Post not found.');
    return post;
  }

  // Thumbnails are fetched after the post is created, so a slow site never holds up posting; a
  // failure leaves the post without one. Closing the app waits for the fetches under way.
  const thumbnailTasks = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(thumbnailTasks);
  });

  function addLinkThumbnailLater(postId: string, url: string, userId: string): void {
    if (!linkImage) return;
    const save = linkImage;
    const task = (async () => {
      const imageId = await save(url, userId);
      if (imageId) await sql.begin((tx) => q.setLinkImage(tx, postId, imageId, userId));
    })()
      .catch((error: unknown) => app.log.warn({ err: error, postId }, 'could not save a link thumbnail'))
      .finally(() => thumbnailTasks.delete(task));
    thumbnailTasks.add(task);
  }

  async function presented(publicId: string, viewer: { id: string; isAdmin: boolean } | null) {
    return presentPost(await loadPost(publicId, viewer?.id ?? null), viewer);
  }

  app.get('/posts', async (request): Promise<PostsPage> => {
    const query = parse(feedQuery, request.query);
    const viewer = request.user;
    const cursor = decodeCursor(query.next, query.sort);

    let scope: q.FeedScope;
    if (query.communityId) scope = { kind: 'community', communityId: query.communityId };
    else if (query.feed === 'home') scope = viewer ? { kind: 'joined', userId: viewer.id } : { kind: 'default' };
    else scope = { kind: 'all' };

    // Pinned posts lead the first page of the hot sort and are left out of the pages after.
    const showPins = query.sort === 'hot';
    const pinScope = scope.kind === 'community' ? 'community' : 'site';
    const [rows, pinned] = await Promise.all([
      q.listFeed(sql, {
        scope,
        sort: query.sort,
        viewerId: viewer?.id ?? null,
        limit: query.limit,
        after: cursor ? { value: cursor.value, id: cursor.id } : undefined,
        excludePinned: showPins ? pinScope : undefined,
        excludeMutedCommunities: scope.kind === 'all',
      }),
      showPins && !cursor
        ? q.listPinned(sql, scope.kind === 'community' ? { communityId: scope.communityId } : { site: true }, viewer?.id ?? null)
        : [],
    ]);

    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const next =
      rows.length > query.limit && last ? encodeCursor({ sort: query.sort, value: q.sortValue(query.sort, last), id: last.id }) : null;
    const visiblePins = pinned.filter((post) => !post.hidden);
    return { posts: [...visiblePins, ...page].map((row) => presentPost(row, viewer)), next };
  });

  app.get<{ Params: { publicId: string } }>('/posts/:publicId', async (request) => {
    const { fetchCommunity } = parse(getQuery, request.query);
    const viewer = request.user;
    const post = await loadPost(request.params.publicId, viewer?.id ?? null);
    // The visit is recorded after reading, so that this answer still counts the comments new since the last one.
    const [thread, community] = await Promise.all([
      loadCommentsPage(sql, post.id, viewer),
      fetchCommunity === 'false' ? undefined : getCommunityById(sql, post.communityId, viewer?.id ?? null),
      viewer && q.recordVisit(sql, post.id, viewer.id),
    ]);
    return {
      ...presentPost(post, viewer),
      ...(community && { community: presentCommunity(community) }),
      comments: thread.comments,
      commentsNext: thread.next,
    };
  });

  app.post('/posts', { config: { rateLimit: limits && limits.create } }, async (request, reply) => {
    const user = requireUser(request);
    const body = parse(createPostBody, request.body);
    const community = await q.getCommunityForPosting(sql, body.community);
    if (!community) throw notFound('Community not found.');
    const standing = await getStanding(sql, community.id, user.id);

    if (standing.isBanned) {
      throw forbidden(`You've been banned from ${community.name}.`, ErrorCode.bannedFromCommunity);
    }
    if (community.postingRestricted && !standing.isMod && !user.isAdmin) {
      throw forbidden('Only approved members of this community can post.', ErrorCode.postingRestricted);
    }
    if (!canActAs(user, standing, body.userGroup)) throw forbidden(`You cannot post as ${body.userGroup}.`);

    const settings = await getSiteSettings(sql);
    if (body.type === 'image' && !user.isAdmin && user.points < settings.imagePostSubmitReqPoints) {
      throw forbidden("You don't have enough points to submit images yet.", ErrorCode.notEnoughPoints);
    }
    if (body.type === 'link' && !user.isAdmin && user.points < settings.linkPostSubmitReqPoints) {
      throw forbidden("You don't have enough points to submit links yet.", ErrorCode.notEnoughPoints);
    }
    const link = body.type === 'link' ? parseLink(body.url ?? '') : null;

    let publicId = newPublicId();
    while (await q.publicIdExists(sql, publicId)) publicId = newPublicId();

    const postId = await sql.begin(async (tx) => {
      const id = await q.insertPost(tx, {
        publicId,
        type: body.type,
        title: body.title,
        body: body.type === 'text' ? body.body : null,
        userId: user.id,
        userGroup: body.userGroup,
        communityId: community.id,
        linkUrl: link?.url ?? null,
        linkHostname: link?.hostname ?? null,
        createdAt: new Date(),
      });
      if (body.type === 'image') {
        const attached = await q.attachPostImages(tx, id, user.id, body.images);
        if (attached.length !== body.images.length) {
          throw badRequest('One or more images could not be found. Upload them again.');
        }
        if (user.requireAltText && attached.some((image) => !image.altText?.trim())) {
          throw badRequest('One or more images are missing alt text...');
        }
      }
      return id;
    });
    if (link) addLinkThumbnailLater(postId, link.url, user.id);
    return reply.code(201).send(await presented(publicId, user));
  });

  app.put<{ Params: { publicId: string } }>('/posts/:publicId', { config: { rateLimit: limits && limits.edit } }, async (request) => {
    const user = requireUser(request);
    const { action, lockAs, userGroup, siteWide } = parse(postActionQuery, request.query);
    const post = await loadPost(request.params.publicId, user.id);
    const standing = await getStanding(sql, post.communityId, user.id);

    switch (action) {
      case undefined: {
        if (post.userId !== user.id) throw forbidden('Only the author can edit a post.');
        if (post.deletedAt) throw forbidden('A deleted post cannot be edited.');
        const body = parse(updatePostBody, request.body);
        if (body.userGroup && !canActAs(user, standing, body.userGroup)) throw forbidden(`You cannot post as ${body.userGroup}.`);
        await q.updatePostContent(sql, post.id, {
          title: body.title,
          body: post.type === 'text' ? body.body : undefined,
          userGroup: body.userGroup,
        });
        break;
      }
      case 'changeAsUser': {
        if (post.userId !== user.id) throw forbidden('Only the author can change how a post is signed.');
        const as: UserGroup = userGroup ?? 'normal';
        if (!canActAs(user, standing, as)) throw forbidden(`You cannot post as ${as}.`);
        await q.updatePostContent(sql, post.id, { userGroup: as });
        break;
      }
      case 'lock':
      case 'unlock': {
        const as: UserGroup = lockAs ?? (user.isAdmin && !standing.isMod ? 'admins' : 'mods');
        if (as === 'normal' || !canActAs(user, standing, as)) throw forbidden();
        await q.setLocked(sql, post.id, action === 'lock' ? { by: user.id, as } : null);
        break;
      }
      case 'pin':
      case 'unpin': {
        const site = siteWide === 'true';
        if (site ? !user.isAdmin : !(standing.isMod || user.isAdmin)) throw forbidden();
        if (post.deletedAt && action === 'pin') throw forbidden('A deleted post cannot be pinned.');
        const done = await sql.begin((tx) => q.setPinned(tx, post, site, action === 'pin', PINS_MAX));
        if (!done) {
          throw forbidden(`At most ${PINS_MAX} posts can be pinned ${site ? 'site-wide' : 'in a community'}. Unpin one first.`);
        }
        break;
      }
      case 'announce': {
        if (!user.isAdmin) throw forbidden();
        if (post.deletedAt) throw forbidden('A deleted post cannot be announced.');
        if (!(await q.markAnnounced(sql, post.id, user.id))) throw conflict(ErrorCode.alreadyAnnounced, Messages.alreadyAnnounced);
        break;
      }
    }
    return presented(post.publicId, user);
  });

  app.delete<{ Params: { publicId: string } }>('/posts/:publicId', { config: { rateLimit: limits && limits.edit } }, async (request) => {
    const user = requireUser(request);
    const { deleteAs, deleteContent } = parse(deleteQuery, request.query);
    const post = await loadPost(request.params.publicId, user.id);
    const standing = await getStanding(sql, post.communityId, user.id);
    if (!canDeleteAs(user, standing, post.userId, deleteAs)) throw forbidden();
    const purge = deleteContent === 'true';
    if (purge && !canPurgeContent(user, post.userId)) throw forbidden('Only the author or an admin can delete the content of a post.');
    if (post.deletedAt && !purge) throw conflict(ErrorCode.badRequest, 'This post is already deleted.');
    await sql.begin((tx) => q.deletePost(tx, { id: post.id, userId: post.userId, alreadyDeleted: post.deletedAt !== null }, { userId: user.id, as: deleteAs }, purge));
    return presented(post.publicId, user);
  });

  app.post('/_postVote', { config: { rateLimit: limits && limits.vote } }, async (request) => {
    const user = requireUser(request);
    const body = parse(postVoteBody, request.body);
    if (!UUID.test(body.postId)) throw notFound('Post not found.');
    const outcome = await sql.begin((tx) => votePost(tx, body.postId, user.id, body.up));
    if (outcome === 'not_found') throw notFound('Post not found.');
    if (outcome === 'locked') throw new HttpError(403, ErrorCode.postLocked, 'This post is locked.');
    if (outcome === 'deleted') throw new HttpError(403, ErrorCode.forbidden, 'This post has been deleted.');
    const post = await q.getPostById(sql, body.postId, user.id);
    if (!post) throw notFound('Post not found.');
    return presentPost(post, user);
  });

  app.post('/hidden_posts', async (request, reply) => {
    const user = requireUser(request);
    const { postId } = parse(hidePostBody, request.body);
    if (!UUID.test(postId) || !(await q.getPostById(sql, postId, null))) throw notFound('Post not found.');
    await q.hidePost(sql, user.id, postId);
    return reply.code(201).send({ success: true });
  });

  app.delete<{ Params: { postId: string } }>('/hidden_posts/:postId', async (request) => {
    const user = requireUser(request);
    if (!UUID.test(request.params.postId)) throw notFound('Post not found.');
    await q.unhidePost(sql, user.id, request.params.postId);
    return { success: true };
  });
};

export default postsRoutes;
