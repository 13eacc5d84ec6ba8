// A member's view of a page kept for visitors (http/visitor-cache.ts). Feed pages and post pages
// are the same for every visitor; a member's differs from them only in the viewer fields each
// presenter derives from the reader's relation to what is shown (`presentToMember`,
// `presentCommentToMember`, `presentCommunityToMember`, which the presenters themselves use). So a
// member's page starts from the kept one with those fields added, unless it would differ in more:
// then (null) it is computed for the member alone.
import type { FastifyRequest } from 'fastify';
import type { Community } from '@quorum/shared/entities/communities';
import type { Post, PostsPage, UserFeedItem, UserFeedPage } from '@quorum/shared/entities/posts';
import type { SearchPage } from '@quorum/shared/entities/search';
import type { FeedQuery } from '@quorum/shared/schemas/posts';
import type { Db } from '../db/connect.ts';
import { pageOf } from '../http/cursor.ts';
import { HttpError } from '../http/errors.ts';
import { keptEach, type CachedAnswer, type VisitorCache } from '../http/visitor-cache.ts';
import { presentCommentToMember } from './comment-present.ts';
import { getAuthorCommentsRelation } from './comment-queries.ts';
import { presentCommunity, presentCommunityToMember, type CommunityViewerRow } from './community-present.ts';
import { getCommunitiesByIds, listJoinedCommunityIds } from './community-queries.ts';
import { feedScope } from './post-load.ts';
import { presentPost, presentToMember, type PostVisit } from './post-present.ts';
import { getPostPageRelation, listFeed, listSitePinned, listViewerRelations, sortValue } from './post-queries.ts';

/**
 * Whether a member's page may start from the visitors' kept one: not when nothing is kept, not for
 * an admin, who also sees what was removed, nor for a member who has just written (the recent-write
 * cookie, read in one place: db/read-routing.ts), whose own writes must show.
 */
function mayStartFromShared(cache: VisitorCache, request: FastifyRequest): boolean {
  return Boolean(cache.ttlMs > 0 && request.user && !request.user.isAdmin && !request.readsOwnWrites);
}

/**
 * The requesting member's page of a feed made from the visitors' page of it (`visitorsPage`, kept
 * at most `cache.ttlMs`) or, for the home feed, from the kept first posts of each community they
 * joined; null when it must be computed for them.
 */
export async function memberFeedFromShared(
  request: FastifyRequest,
  cache: VisitorCache,
  query: FeedQuery,
  visitorsPage: () => Promise<CachedAnswer<PostsPage>>,
): Promise<PostsPage | null> {
  const viewer = request.user;
  if (!viewer || !mayStartFromShared(cache, request)) return null;
  if (!isSharedFeed(query)) return memberHomePage(request.readSql, cache, viewer.id, query);
  const excludeMutedCommunities = feedScope(query, viewer.id).kind === 'all';
  return memberPageOf(request.readSql, viewer.id, (await visitorsPage()).value, { excludeMutedCommunities, sharedAgeMs: cache.ttlMs });
}

/**
 * The requesting member's post page made from the visitors' one (`visitorsPage`), with the visit
 * it records; null when it must be computed for them.
 */
export async function memberPostFromShared(
  request: FastifyRequest,
  cache: VisitorCache,
  visitorsPage: () => Promise<CachedAnswer<Post>>,
): Promise<{ page: Post; visit: PostVisit } | null> {
  const viewer = request.user;
  if (!viewer || !mayStartFromShared(cache, request)) return null;
  let shared: Post;
  try {
    shared = (await visitorsPage()).value;
  } catch (error) {
    // A post waiting for approval is not there for visitors; its author and mods read their own page.
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
  return memberPostPage(request.readSql, viewer.id, shared);
}

/** A community a member joined, with where they stand in it and its member count as they are now. */
export type JoinedCommunity = CommunityViewerRow & { id: string };

/**
 * The communities a member joined (`joined`, in order), as their sidebar shows them: each as
 * visitors see it, kept for `cache.ttlMs` (those not kept read together), with the member's own
 * fields added; all read anew for a member whose pages may not start from shared answers. A
 * community deleted since `joined` was read is left out.
 */
export async function memberCommunitiesFromShared(
  request: FastifyRequest,
  cache: VisitorCache,
  joined: readonly JoinedCommunity[],
): Promise<Community[]> {
  const ids = joined.map((community) => community.id);
  const read = async (missing: string[]) =>
    new Map((await getCommunitiesByIds(request.readSql, missing, null)).map((row) => [row.id, presentCommunity(row)] as const));
  const shared = mayStartFromShared(cache, request)
    ? await keptEach<Community | null>(cache, ids, (id) => `community ${id}`, read, null)
    : await read(ids).then((found) => ids.map((id) => found.get(id) ?? null));
  return joined.flatMap((community, at) => {
    const kept = shared[at];
    return kept ? [presentCommunityToMember(kept, community)] : [];
  });
}

/** Whether members and visitors read the same feed (All, a community's), before each member's own marks. */
function isSharedFeed(query: FeedQuery): boolean {
  return query.communityId !== undefined || query.feed === 'all';
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
  options: MemberPostsOptions,
): Promise<PostsPage | null> {
  const posts = await memberPostsOf(db, viewerId, shared.posts, options);
  return posts && { posts, next: shared.next };
}

interface MemberPostsOptions {
  excludeMutedCommunities: boolean;
  sharedAgeMs: number;
}

/** The posts of a shared page made the member's own, as in `memberPageOf`; null when the page must be computed for them. */
async function memberPostsOf(db: Db, viewerId: string, shared: readonly Post[], options: MemberPostsOptions): Promise<Post[] | null> {
  if (shared.length === 0) return null;
  const relations = await listViewerRelations(db, viewerId, shared.map((post) => post.id), {
    excludeMutedCommunities: options.excludeMutedCommunities,
    postedSince: new Date(Date.now() - options.sharedAgeMs),
  });
  const byId = new Map(relations.map((relation) => [relation.id, relation]));
  const posts = [];
  for (const post of shared) {
    const relation = byId.get(post.id);
    if (!relation || relation.leftOut || relation.viewerPosted) return null;
    posts.push(presentToMember(post, relation));
  }
  return posts;
}

/**
 * The requesting member's page of a search for posts made from the visitors' page of it
 * (`visitorsPage`) as feed pages are: the search leaves out what the member hid or muted, so a
 * page holding any of it is computed for them. Null when it must be computed for them, and for
 * searches of other kinds, whose results carry more of the member's own view.
 */
export async function memberSearchFromShared(
  request: FastifyRequest,
  cache: VisitorCache,
  visitorsPage: () => Promise<CachedAnswer<SearchPage>>,
): Promise<SearchPage | null> {
  const viewer = request.user;
  if (!viewer || !mayStartFromShared(cache, request)) return null;
  const shared = (await visitorsPage()).value;
  if (shared.query.type !== 'posts') return null;
  const found = shared.items.flatMap((item) => (item.type === 'post' ? [item] : []));
  const posts = await memberPostsOf(request.readSql, viewer.id, found.map((item) => item.post), { excludeMutedCommunities: true, sharedAgeMs: cache.ttlMs });
  return posts && { ...shared, items: found.map((item, i) => ({ ...item, post: posts[i]! })) };
}

/**
 * The requesting member's page of `username`'s profile feed made from the visitors' page of it
 * (`visitorsPage`): the member's votes on its posts and comments are added, and the posts' counts
 * read as they are now. Null when it must be computed for them: on their own profile (which shows
 * them what waits for approval), and when they muted its author or the page holds a post they hid.
 */
export async function memberProfileFeedFromShared(
  request: FastifyRequest,
  cache: VisitorCache,
  username: string,
  visitorsPage: () => Promise<CachedAnswer<UserFeedPage>>,
): Promise<UserFeedPage | null> {
  const viewer = request.user;
  if (!viewer || !mayStartFromShared(cache, request) || viewer.username.toLowerCase() === username.toLowerCase()) return null;
  const shared = (await visitorsPage()).value;
  const sharedPosts = shared.items.flatMap((entry) => (entry.type === 'post' ? [entry.item] : []));
  const sharedComments = shared.items.flatMap((entry) => (entry.type === 'comment' ? [entry.item] : []));
  const authorId = sharedPosts[0]?.userId ?? sharedComments[0]?.userId;
  if (authorId === undefined) return shared;
  const [posts, comments] = await Promise.all([
    sharedPosts.length > 0 ? memberPostsOf(request.readSql, viewer.id, sharedPosts, { excludeMutedCommunities: false, sharedAgeMs: cache.ttlMs }) : [],
    sharedComments.length > 0 ? getAuthorCommentsRelation(request.readSql, viewer.id, authorId, sharedComments.map((comment) => comment.id)) : null,
  ]);
  if (!posts || comments?.authorMuted) return null;
  const postById = new Map(posts.map((post) => [post.id, post]));
  const voteOf = new Map(comments?.commentVotes.map((vote) => [vote.id, vote.up]));
  const items = shared.items.map((entry): UserFeedItem => (entry.type === 'post'
    ? { type: 'post', item: postById.get(entry.item.id)! }
    : { type: 'comment', item: presentCommentToMember(entry.item, voteOf.get(entry.item.id) ?? null, false) }));
  return { items, next: shared.next };
}

/** Above this many joined communities, a member's home feed is read in one statement rather than merged. */
export const HOME_MERGE_MAX_COMMUNITIES = 500;

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
 * The first `count` of `posts` by rank, in order: one pass keeping the best so far, as a member's
 * communities offer many more posts than a page holds.
 */
function firstRanked(posts: readonly RankedPost[], count: number): RankedPost[] {
  const best: RankedPost[] = [];
  for (const post of posts) {
    if (best.length === count && byRank(post, best[count - 1]!) >= 0) continue;
    let at = best.length;
    while (at > 0 && byRank(post, best[at - 1]!) < 0) at--;
    best.splice(at, 0, post);
    if (best.length > count) best.pop();
  }
  return best;
}

/**
 * The first page of a member's home feed, merged from the posts each community they joined ranks
 * first for the feed's sort (kept for `cache.ttlMs`, as visitors' pages are) and made the member's
 * own as in `memberPageOf`. Each community offers as many posts as the page holds, plus one, so
 * the merge picks the same posts as the member's own statement would. Null for later pages (their
 * cursors are read as asked), for members of more than HOME_MERGE_MAX_COMMUNITIES communities, and
 * where `memberPageOf` gives way.
 */
async function memberHomePage(db: Db, cache: VisitorCache, viewerId: string, query: FeedQuery): Promise<PostsPage | null> {
  if (query.feed !== 'home' || query.next) return null;
  const communities = await listJoinedCommunityIds(db, viewerId);
  if (communities.length > HOME_MERGE_MAX_COMMUNITIES) return null;
  const { sort, limit } = query;
  const [ranked, pinned] = await Promise.all([
    homeCandidates(db, cache, communities, query),
    sort === 'hot' ? sitePinned(db, cache) : [],
  ]);
  const page = pageOf(firstRanked(ranked, limit + 1), limit, (last) => ({ sort, value: last.key, id: last.post.id }));
  const shared = { posts: [...pinned, ...page.rows.map((row) => row.post)], next: page.next };
  return memberPageOf(db, viewerId, shared, { excludeMutedCommunities: false, sharedAgeMs: cache.ttlMs });
}

/**
 * What each community offers a home feed: its first posts for the sort, site-wide pins left out
 * (they lead the page apart), kept one community at a time. The communities with nothing kept are
 * read together, in one statement.
 */
async function homeCandidates(db: Db, cache: VisitorCache, communityIds: readonly string[], query: FeedQuery): Promise<RankedPost[]> {
  const { sort, limit } = query;
  const candidatesOf = async (ids: string[]): Promise<Map<string, RankedPost[]>> => {
    const rows = await listFeed(db, {
      scope: { kind: 'communities', communityIds: ids }, eachCommunity: true, sort, viewerId: null, limit, excludePinned: 'site',
    });
    const byCommunity = new Map<string, RankedPost[]>();
    for (const row of rows) {
      const offered = byCommunity.get(row.communityId) ?? [];
      offered.push({ key: sortValue(sort, row), post: presentPost(row, null) });
      byCommunity.set(row.communityId, offered);
    }
    return byCommunity;
  };
  const offers = await keptEach(cache, communityIds, (communityId) => `home candidates ${communityId} ${sort} ${limit}`, candidatesOf, []);
  return offers.flat();
}

async function sitePinned(db: Db, cache: VisitorCache): Promise<Post[]> {
  const answer = await cache.get('site pinned', async () => (await listSitePinned(db)).map((row) => presentPost(row, null)), JSON.stringify);
  return answer.value;
}

/**
 * A member's post page made from the visitors' one: the member's votes on the post and its
 * comments, their muted authors, their last visit and their membership of the community are added,
 * and the post's votes and the member count read as they are now. The comments' votes are those of
 * the shared page: the member has written nothing since it was made (see mayStartFromShared),
 * so it counts their own votes. Null when that page would differ from the member's own beyond its
 * age: the member wrote the post (its author sees more of it once deleted) or it is deleted.
 * Moderators of the community get their own page, so that what they have just done to the post
 * shows at once; admins see more of posts and comments than visitors do, so their pages are always
 * their own.
 */
async function memberPostPage(db: Db, viewerId: string, shared: Post): Promise<{ page: Post; visit: PostVisit } | null> {
  if (shared.deleted || shared.userId === viewerId) return null;
  const comments = shared.comments ?? [];
  const relation = await getPostPageRelation(db, viewerId, shared.id);
  if (!relation || relation.userMod || relation.hasHeldComments) return null;
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
