// The posts of each feed, read as a visitor reads them on the site: the same loaders as the pages,
// so that whatever a visitor may not see there (deleted, held, in a deleted community, an account
// hidden from visitors) is not in a feed either.
import { COMMUNITY_NAME_MAX, COMMUNITY_NAME_MIN, COMMUNITY_NAME_PATTERN, USERNAME_MAX, USERNAME_PATTERN } from '@quorum/shared/constants';
import type { Post } from '@quorum/shared/entities/posts';
import type { FeedQuery } from '@quorum/shared/schemas/posts';
import { loadCommunityByName } from '../content/community-load.ts';
import { presentPost } from '../content/post-present.ts';
import { loadFeed } from '../content/post-load.ts';
import { loadUserFeed } from '../content/profile-feed.ts';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';
import { loadProfile } from '../users/profile.ts';
import { atomDocument, FEED_ENTRIES, SITE_NAME, type AtomDocument, type SiteUrls } from './atom.ts';

export type SiteFeed = 'hot' | 'new';

/** A document, or null when what it follows is not there for visitors (answered 404). */
export type MaybeDocument = AtomDocument | null;

/** Null for a 404 raised by a loader: the community or account is not there for visitors. */
async function unlessMissing<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

function visitorFeedQuery(query: Pick<FeedQuery, 'sort'> & Partial<FeedQuery>): FeedQuery {
  return { feed: 'all', limit: FEED_ENTRIES, page: 1, ...query };
}

async function visitorFeedPosts(db: Db, query: FeedQuery): Promise<Post[]> {
  const { rows } = await loadFeed(db, query, null);
  return rows.slice(0, FEED_ENTRIES).map((row) => presentPost(row, null));
}

/** The All feed as a visitor sees it: hot (site-wide pins first), or newest first. */
export async function siteFeed(db: Db, urls: SiteUrls, feed: SiteFeed): Promise<AtomDocument> {
  const posts = await visitorFeedPosts(db, visitorFeedQuery({ sort: feed === 'hot' ? 'hot' : 'latest' }));
  return atomDocument(urls, {
    selfUrl: urls.to(`/feeds/${feed}.atom`),
    pageUrl: urls.to(feed === 'hot' ? '/all' : '/all?sort=latest'),
    title: `${SITE_NAME}: ${feed === 'hot' ? 'hot' : 'new'} posts`,
    subtitle: feed === 'hot' ? `What is hot on ${SITE_NAME} right now.` : `The newest posts on ${SITE_NAME}.`,
    emptySince: new Date(0),
    posts,
  });
}

export const isCommunityName = (name: string) =>
  name.length >= COMMUNITY_NAME_MIN && name.length <= COMMUNITY_NAME_MAX && COMMUNITY_NAME_PATTERN.test(name);

export const isUsername = (name: string) => name.length >= 1 && name.length <= USERNAME_MAX && USERNAME_PATTERN.test(name);

/** A community's newest posts; null when no live community has that name. */
export async function communityFeed(db: Db, urls: SiteUrls, name: string): Promise<MaybeDocument> {
  if (!isCommunityName(name)) return null;
  const community = await unlessMissing(() => loadCommunityByName(db, name, null));
  if (!community) return null;
  const posts = await visitorFeedPosts(db, visitorFeedQuery({ communityId: community.id, sort: 'latest' }));
  return atomDocument(urls, {
    selfUrl: urls.to(`/feeds/c/${encodeURIComponent(community.name)}.atom`),
    pageUrl: urls.community(community.name),
    title: `${community.name} on ${SITE_NAME}`,
    subtitle: community.about,
    emptySince: community.createdAt,
    posts,
  });
}

/**
 * A member's newest posts, taken from their profile's pages as a visitor reads them; null for a
 * name nobody holds and for an account the profile hides from visitors (deleted or suspended).
 */
export async function userFeed(db: Db, urls: SiteUrls, username: string): Promise<MaybeDocument> {
  if (!isUsername(username)) return null;
  const user = await unlessMissing(() => loadProfile(db, username, null));
  if (!user) return null;
  const posts: Post[] = [];
  let next: string | undefined;
  do {
    // Each page depends on the cursor of the one before.
    const page = await loadUserFeed(db, user.id, { filter: 'posts', next }, null);
    for (const { type, item } of page.items) if (type === 'post') posts.push(item);
    next = page.next ?? undefined;
  } while (next && posts.length < FEED_ENTRIES);
  return atomDocument(urls, {
    selfUrl: urls.to(`/feeds/u/${encodeURIComponent(user.username)}.atom`),
    pageUrl: urls.profile(user.username),
    title: `@${user.username} on ${SITE_NAME}`,
    subtitle: null,
    emptySince: user.createdAt,
    posts: posts.slice(0, FEED_ENTRIES),
  });
}
