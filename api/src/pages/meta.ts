// What a public page is about, as a visitor sees it: read through the loaders and presenters the
// API answers visitors with, so that a page never tells more than the app would show them.
import { DEFAULT_FEED_SORT } from '@quorum/shared/constants';
import type { Image } from '@quorum/shared/entities/images';
import type { Post } from '@quorum/shared/entities/posts';
import { loadCommunityByName } from '../content/community-load.ts';
import { presentCommunity } from '../content/community-present.ts';
import { loadPost } from '../content/post-load.ts';
import { presentPost } from '../content/post-present.ts';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';
import { loadListByName, loadListOwner } from '../lists/actions.ts';
import { presentList } from '../lists/present.ts';
import { presentUser } from '../users/present.ts';
import { loadProfile } from '../users/profile.ts';
import type { PageRoute } from './match.ts';

export interface PageImage {
  /** A path on this site. */
  path: string;
  width: number;
  height: number;
  alt: string | null;
}

export interface PageMeta {
  status: number;
  /** The page's own title, or null for the site's name alone. */
  title: string | null;
  /** Plain text, or null for the site's description. */
  description: string | null;
  /** The page's canonical path (and query) on this site; null for the not-found page. */
  path: string | null;
  image: PageImage | null;
  /** The Open Graph type. */
  type: 'website' | 'article' | 'profile';
  noindex: boolean;
  /** The Atom feeds of what the page lists. */
  feeds: Array<{ title: string; path: string }>;
}

/** What the app's not-found page says of itself. */
export const NOT_FOUND: PageMeta = {
  status: 404, title: 'Not found', description: null, path: null, image: null, type: 'website', noindex: true, feeds: [],
};

const SITE_FEEDS = [
  { title: 'Hot posts', path: '/feeds/hot.atom' },
  { title: 'New posts', path: '/feeds/new.atom' },
];
const communityFeed = (name: string) => ({ title: `Posts in /${name}`, path: `/feeds/c/${encodeURIComponent(name)}.atom` });
const userFeed = (username: string) => ({ title: `Posts by @${username}`, path: `/feeds/u/${encodeURIComponent(username)}.atom` });

const page = (fields: Partial<PageMeta> & { path: string }): PageMeta => ({
  status: 200, title: null, description: null, image: null, type: 'website', noindex: false, feeds: [], ...fields,
});

/** The copy of an image a link preview shows: a large one, not the original upload. */
function previewImage(image: Image | null | undefined): PageImage | null {
  if (!image) return null;
  const copy = image.copies.find((c) => c.name === 'desktop') ?? image.copies.find((c) => c.name === 'medium');
  const chosen = copy ?? image;
  return { path: chosen.url, width: chosen.width, height: chosen.height, alt: image.altText };
}

const DESCRIPTION_LENGTH = 160;

/** Markdown read as plain text, roughly: what a preview of it shows. */
export function plainExcerpt(markdown: string | null | undefined, length = DESCRIPTION_LENGTH): string | null {
  if (!markdown) return null;
  const text = markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|~~|[*_`])/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return null;
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** A 404 from a loader is the not-found page; any other failure is a failure. */
async function orNotFound(load: () => Promise<PageMeta>): Promise<PageMeta> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return NOT_FOUND;
    throw error;
  }
}

function postMeta(post: Post, commentId: string | null): PageMeta {
  const postPath = `/${encodeURIComponent(post.communityName)}/post/${encodeURIComponent(post.publicId)}`;
  const path = commentId ? `${postPath}/${encodeURIComponent(commentId)}` : postPath;
  const feeds = [communityFeed(post.communityName)];
  // A deleted post keeps its place, as the app shows it, but nothing it said.
  if (post.deleted) return page({ path, title: 'Deleted post', noindex: true, feeds });
  return page({
    path,
    title: post.title,
    description: plainExcerpt(post.body),
    image: previewImage(post.image) ?? previewImage(post.link?.image) ?? previewImage(post.communityProPic),
    type: 'article',
    feeds,
  });
}

/** The data of a page that needs some: loaded from `db` as a visitor sees it. */
export function loadPageMeta(db: Db, route: Exclude<PageRoute, { kind: 'fixed' | 'feed' | 'search' | 'notFound' }>): Promise<PageMeta> {
  return orNotFound(async () => {
    switch (route.kind) {
      case 'post':
        return postMeta(presentPost(await loadPost(db, route.publicId, null), null), route.commentId);
      case 'community': {
        const community = presentCommunity(await loadCommunityByName(db, route.name, null));
        return page({
          path: `/${encodeURIComponent(community.name)}`,
          title: `/${community.name}`,
          description: plainExcerpt(community.about),
          image: previewImage(community.proPic),
          feeds: [communityFeed(community.name)],
        });
      }
      case 'communityModLog': {
        const community = presentCommunity(await loadCommunityByName(db, route.name, null));
        return page({ path: `/${encodeURIComponent(community.name)}/modlog`, title: `Moderation log · /${community.name}`, image: previewImage(community.proPic) });
      }
      case 'profile': {
        const user = presentUser(await loadProfile(db, route.username, null), null);
        return page({
          path: `/@${encodeURIComponent(user.username)}`,
          title: `@${user.username}`,
          description: plainExcerpt(user.aboutMe),
          image: previewImage(user.proPic),
          type: 'profile',
          feeds: [userFeed(user.username)],
        });
      }
      case 'lists': {
        const owner = await loadListOwner(db, route.username);
        // The app titles the page with the name as the address spells it.
        return page({ path: `/@${encodeURIComponent(owner.username)}/lists`, title: `@${route.username}'s lists` });
      }
      case 'list': {
        const list = presentList(await loadListByName(db, route.username, route.listName, null));
        return page({
          path: `/@${encodeURIComponent(list.username)}/lists/${encodeURIComponent(list.name)}`,
          title: list.displayName,
          description: plainExcerpt(list.description),
        });
      }
    }
  });
}

/** The data of a page that needs nothing loaded. */
export function fixedPageMeta(route: Extract<PageRoute, { kind: 'fixed' | 'feed' | 'search' | 'notFound' }>): PageMeta {
  switch (route.kind) {
    case 'notFound':
      return NOT_FOUND;
    case 'fixed':
      return page({ path: route.path, title: route.title, noindex: route.noindex });
    case 'search': {
      const path = route.q ? `/search?${new URLSearchParams({ q: route.q }).toString()}` : '/search';
      return page({ path, title: route.q ? `Search: ${route.q}` : 'Search', noindex: true });
    }
    case 'feed': {
      const path = route.sort && route.sort !== DEFAULT_FEED_SORT ? `${route.path}?sort=${route.sort}` : route.path;
      return page({ path, title: route.path === '/all' ? 'All' : null, feeds: SITE_FEEDS });
    }
  }
}
