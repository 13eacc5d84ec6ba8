// Reads of posts that answer 404 when the post is not there, and the feeds.
import { Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import type { FeedQuery } from '@quorum/shared/schemas/posts';
import type { Comment, Post, PostsPage } from '@quorum/shared/types';
import type { Db } from '../db/connect.ts';
import type { Serialize } from '../http/answer-schema.ts';
import { cursorValue, decodeCursor, pageOf, type CursorValueCheck } from '../http/cursor.ts';
import { badRequest, notFound, unauthorized } from '../http/errors.ts';
import type { VisitorCache } from '../http/visitor-cache.ts';
import { presentCommentToMember } from './comment-present.ts';
import { assertCanModerate } from './community-load.ts';
import { presentCommunityToMember } from './community-present.ts';
import { listJoinedCommunityIds } from './community-queries.ts';
import type { Actor } from './policy.ts';
import { presentPost, presentToMember, type PostRow, type PostVisit } from './post-present.ts';
import { countModeratedPosts, getPostById, getPostByPublicId, getPostPageRelation, getPostState, listFeed, listModeratedPosts, listSitePinned, listViewerRelations, sortValue, type FeedScope, type PostState } from './post-queries.ts';

export async function loadPost(db: Db, publicId: string, viewerId: string | null): Promise<PostRow> {
  const post = await getPostByPublicId(db, publicId, viewerId);
  if (!post) throw notFound(Messages.postNotFound);
  return post;
}

export async function loadPostById(db: Db, id: string, viewerId: string | null): Promise<PostRow> {
  const post = await getPostById(db, id, viewerId);
  if (!post) throw notFound(Messages.postNotFound);
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

function feedScope(query: FeedQuery, viewerId: string | null): FeedScope {
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

/** Whether members and visitors read the same feed (All, a community's), before each member's own marks. */
export function isSharedFeed(query: FeedQuery): boolean {
  return query.communityId !== undefined || query.feed === 'all';
}

/**
 * A member's page of a shared feed made from the visitors' page (`shared`, at most `sharedAgeMs`
 * old): see `memberPageOf`. Admins see more of some posts than visitors do, so their pages are
 * always their own.
 */
export async function memberFeedPage(
  db: Db,
  viewerId: string,
  query: FeedQuery,
  shared: PostsPage,
  sharedAgeMs: number,
): Promise<PostsPage | null> {
  return memberPageOf(db, viewerId, shared, { excludeMutedCommunities: feedScope(query, viewerId).kind === 'all', sharedAgeMs });
}

/**
 * A member's page made from a page as visitors see it (`shared`, at most `sharedAgeMs` old): the
 * member's votes, hidden marks and visits are added, and the counts read as they are now. Null
 * when that page would differ from the member's own beyond its age: it holds a post the member's
 * feed leaves out (hidden, deleted since, by a muted user or, when `excludeMutedCommunities`, in a
 * muted community), or the member has posted since it was made. The member's page is then computed
 * for them.
 */
async function memberPageOf(
  db: Db,
  viewerId: string,
  shared: PostsPage,
  options: { excludeMutedCommunities: boolean; sharedAgeMs: number },
): Promise<PostsPage | null> {
  if (shared.posts.length === 0) return null;
  const relations = await listViewerRelations(db, viewerId, shared.posts.map((post) => post.id), {
    excludeMutedCommunities: options.excludeMutedCommunities,
    postedSince: new Date(Date.now() - options.sharedAgeMs),
  });
  const byId = new Map(relations.map((relation) => [relation.id, relation]));
  const posts = [];
  for (const post of shared.posts) {
    const relation = byId.get(post.id);
    if (!relation || relation.leftOut || relation.viewerPosted) return null;
    posts.push(presentToMember(post, relation));
  }
  return { posts, next: shared.next };
}

/** Above this many joined communities, a member's home feed is read in one statement rather than merged. */
const HOME_MERGE_MAX_COMMUNITIES = 50;

/** A post as visitors see it, with the value its sort orders by. */
interface RankedPost {
  key: number | string | null;
  post: Post;
}

/** Higher keys first, then higher ids, as the feeds' statements order them. */
function byRank(a: RankedPost, b: RankedPost): number {
  if (a.key !== b.key && a.key !== null && b.key !== null) return a.key < b.key ? 1 : -1;
  return a.post.id < b.post.id ? 1 : a.post.id > b.post.id ? -1 : 0;
}

/**
 * The first page of a member's home feed, merged from the posts each community they joined ranks
 * first for the feed's sort (kept for `cache.ttlMs`, as visitors' pages are) and made the member's
 * own as in `memberPageOf`. Each community offers as many posts as the page holds, plus one, so
 * the merge picks the same posts as the member's own statement would. Null for later pages (their
 * cursors are read as asked), for members of more than HOME_MERGE_MAX_COMMUNITIES communities, and
 * where `memberPageOf` gives way.
 */
export async function memberHomePage(db: Db, cache: VisitorCache, viewerId: string, query: FeedQuery): Promise<PostsPage | null> {
  if (query.feed !== 'home' || query.next) return null;
  const communities = await listJoinedCommunityIds(db, viewerId);
  if (communities.length > HOME_MERGE_MAX_COMMUNITIES) return null;
  const { sort, limit } = query;
  const [ranked, pinned] = await Promise.all([
    Promise.all(communities.map((communityId) => homeCandidates(db, cache, communityId, query))),
    sort === 'hot' ? sitePinned(db, cache) : [],
  ]);
  const page = pageOf(ranked.flat().sort(byRank), limit, (last) => ({ sort, value: last.key, id: last.post.id }));
  const shared = { posts: [...pinned, ...page.rows.map((row) => row.post)], next: page.next };
  return memberPageOf(db, viewerId, shared, { excludeMutedCommunities: false, sharedAgeMs: cache.ttlMs });
}

/** What a community offers a home feed: its first posts for the sort, site-wide pins left out (they lead the page apart). */
async function homeCandidates(db: Db, cache: VisitorCache, communityId: string, query: FeedQuery): Promise<RankedPost[]> {
  const { sort, limit } = query;
  const answer = await cache.get(`home candidates ${communityId} ${sort} ${limit}`, async () => {
    const rows = await listFeed(db, { scope: { kind: 'community', communityId }, sort, viewerId: null, limit, excludePinned: 'site' });
    return rows.map((row): RankedPost => ({ key: sortValue(sort, row), post: presentPost(row, null) }));
  }, JSON.stringify);
  return answer.value;
}

async function sitePinned(db: Db, cache: VisitorCache): Promise<Post[]> {
  const answer = await cache.get('site pinned', async () => (await listSitePinned(db)).map((row) => presentPost(row, null)), JSON.stringify);
  return answer.value;
}

/**
 * A member's post page made from the visitors' one: the member's votes on the post and its
 * comments, their muted authors, their last visit and their membership of the community are added,
 * and the post's votes and the member count read as they are now. The comments' votes are those of
 * the shared page: the member has written nothing since it was made (see memberMayStartFromShared),
 * so it counts their own votes. Null when that page would differ from the member's own beyond its
 * age: the member wrote the post (its author sees more of it once deleted) or it is deleted.
 * Moderators of the community get their own page, so that what they have just done to the post
 * shows at once; admins see more of posts and comments than visitors do, so their pages are always
 * their own.
 */
export async function memberPostPage(db: Db, viewerId: string, shared: Post): Promise<{ page: Post; visit: PostVisit } | null> {
  if (shared.deleted || shared.userId === viewerId) return null;
  const comments = shared.comments ?? [];
  const relation = await getPostPageRelation(db, viewerId, shared.id, comments.map((comment) => comment.id));
  if (!relation || relation.userMod) return null;
  const muted = new Set(relation.mutedUserIds);
  // The shared page does not say who wrote a deleted account's comments, so it cannot tell whether the member muted them.
  if (muted.size > 0 && comments.some((comment) => comment.userDeleted)) return null;
  const voteOf = new Map(relation.commentVotes.map((vote) => [vote.id, vote.up]));
  const memberComments = comments.map((comment) => presentCommentToMember(comment, voteOf.get(comment.id) ?? null, muted.has(comment.userId)));
  const community = shared.community && presentCommunityToMember(shared.community, { ...relation, noMembers: relation.communityNoMembers });
  return {
    page: { ...presentToMember(shared, relation), ...(community && { community }), comments: memberComments },
    visit: { id: shared.id, lastVisitAt: relation.lastVisitAt, lastActivityAt: relation.lastActivityAt },
  };
}

/** Each shared post page's comments, serialised once (see memberPostPageJson). */
const sharedCommentsJson = new WeakMap<Post, string[]>();

/**
 * A member's post page (made by memberPostPage from `shared`) as JSON text. Most of its comments
 * are the shared page's own, unchanged: their text is made once per shared page and reused, and
 * only the comments the member marked, and the post itself, are serialised for them.
 */
export function memberPostPageJson(page: Post, shared: Post, serialize: { post: Serialize<Post>; comment: Serialize<Comment> }): string {
  const sharedComments = shared.comments ?? [];
  let kept = sharedCommentsJson.get(shared);
  if (!kept) {
    kept = sharedComments.map(serialize.comment);
    sharedCommentsJson.set(shared, kept);
  }
  const comments = (page.comments ?? []).map((comment, i) => (comment === sharedComments[i] ? kept[i] : serialize.comment(comment)));
  const post = serialize.post({ ...page, comments: undefined });
  return `${post.slice(0, -1)},"comments":[${comments.join(',')}]}`;
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
