// Reads of posts that answer 404 when the post is not there, and the feeds. A member's page made
// from the one kept for visitors is in member-view.ts.
import { Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type { FeedQuery } from '@quorum/shared/schemas/posts';
import type { Db } from '../db/connect.ts';
import { cursorValue, decodeCursor, pageOf, type CursorValueCheck } from '../http/cursor.ts';
import { badRequest, notFound, unauthorized } from '../http/errors.ts';
import { assertCanModerate } from './community-load.ts';
import { getStanding } from './community-queries.ts';
import { canModerate, type Actor } from './policy.ts';
import type { PostRow } from './post-present.ts';
import {
  countModeratedPosts, getPostById, getPostByPublicId, getPostState, listFeed, listModeratedPosts, sortValue, type FeedScope, type PostState,
} from './post-queries.ts';

/** A post waiting for approval is there only for its author, the community's mods and admins. */
async function canSee(db: Db, post: { heldAt: Date | null; userId: string; communityId: string }, viewer: Actor | null): Promise<boolean> {
  if (!post.heldAt) return true;
  if (!viewer) return false;
  return viewer.id === post.userId || canModerate(viewer, await getStanding(db, post.communityId, viewer.id));
}

export async function loadPost(db: Db, publicId: string, viewer: Actor | null): Promise<PostRow> {
  const post = await getPostByPublicId(db, publicId, viewer?.id ?? null);
  if (!post || !(await canSee(db, post, viewer))) throw notFound(Messages.postNotFound);
  return post;
}

export async function loadPostById(db: Db, id: string, viewer: Actor | null): Promise<PostRow> {
  const post = await getPostById(db, id, viewer?.id ?? null);
  if (!post || !(await canSee(db, post, viewer))) throw notFound(Messages.postNotFound);
  return post;
}

/** Where a post is and whether it is locked or deleted: what commenting on it checks. */
export async function loadPostState(db: Db, publicId: string): Promise<PostState> {
  const post = await getPostState(db, publicId);
  if (!post) throw notFound(Messages.postNotFound);
  return post;
}

/**
 * The post of a path that names it by its public id or, as clients of the specification's
 * comment calls do, by its id.
 */
export async function loadPostStateByEitherId(db: Db, name: string): Promise<PostState> {
  const post = await getPostState(db, name, isUuid(name));
  if (!post) throw notFound(Messages.postNotFound);
  return post;
}

/** What each sort's cursor holds: see `sortValue`. */
function feedCursorValue(sort: FeedQuery['sort']): CursorValueCheck {
  if (sort === 'activity') return cursorValue.natural;
  if (sort === 'latest') return cursorValue.none;
  return cursorValue.integer;
}

export function feedScope(query: FeedQuery, viewerId: string | null): FeedScope {
  if (query.communityId) return { kind: 'community', communityId: query.communityId };
  if (query.feed === 'home') return viewerId ? { kind: 'joined', userId: viewerId } : { kind: 'default' };
  if (query.feed === 'moderating') {
    if (!viewerId) throw unauthorized();
    return { kind: 'moderating', userId: viewerId };
  }
  return { kind: 'all' };
}

/**
 * A page of a feed as `viewerId` sees it. Pinned posts lead the first page of the hot sort and
 * are left out of the pages after.
 */
export async function loadFeed(db: Db, query: FeedQuery, viewerId: string | null): Promise<{ rows: PostRow[]; next: string | null }> {
  const cursor = decodeCursor(query.next, query.sort, feedCursorValue(query.sort));
  const scope = feedScope(query, viewerId);
  const excludePinned = scope.kind === 'community' ? 'community' : 'site';
  const showPins = query.sort === 'hot';
  const rows = await listFeed(db, {
    scope,
    sort: query.sort,
    viewerId,
    limit: query.limit,
    after: cursor ? { value: cursor.value, id: cursor.id } : undefined,
    excludePinned: showPins ? excludePinned : undefined,
    excludeMutedCommunities: scope.kind === 'all',
    withPinned: showPins && !cursor,
  });
  const isPin = (post: PostRow) => showPins && (excludePinned === 'community' ? post.pinnedAt : post.pinnedSiteAt) !== null;
  const pinned = rows.filter(isPin);
  const page = pageOf(rows.filter((post) => !isPin(post)), query.limit, (last) => ({ sort: query.sort, value: sortValue(query.sort, last), id: last.id }));
  return { rows: [...pinned.filter((post) => !post.hidden), ...page.rows], next: page.next };
}

/**
 * Modtools' numbered page of a community's deleted or locked posts, with their total: for the
 * community's mods and admins only.
 */
export async function loadModeratedPosts(
  db: Db,
  query: FeedQuery & { filter: 'deleted' | 'locked' },
  viewer: Actor,
): Promise<{ rows: PostRow[]; total: number }> {
  if (!query.communityId) throw badRequest(Messages.communityNotFound);
  await assertCanModerate(db, viewer, query.communityId);
  const [rows, total] = await Promise.all([
    listModeratedPosts(db, {
      communityId: query.communityId,
      filter: query.filter,
      viewerId: viewer.id,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
    countModeratedPosts(db, query.communityId, query.filter),
  ]);
  return { rows, total };
}
