// Atom 1.0 documents (RFC 4287) of posts, as a visitor sees them: what feed readers follow.
import type { Post } from '@quorum/shared/entities/posts';
import { escapeXml } from '@quorum/shared/format';

export const SITE_NAME = 'Quorum';

/** Entries in a feed: what a reader that polls every few hours needs to miss nothing on a busy site. */
export const FEED_ENTRIES = 50;

const IMAGE_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export interface AtomFeed {
  /** The feed's own address (also its id). */
  selfUrl: string;
  /** The page of the site the feed follows. */
  pageUrl: string;
  title: string;
  subtitle: string | null;
  /** When the feed last changed when it has no entries. */
  emptySince: Date;
  posts: Post[];
}

/** An Atom document and the time it last changed (for Last-Modified). */
export interface AtomDocument {
  xml: string;
  updated: Date;
}

/** Absolute addresses of the site's pages and files, from PUBLIC_URL. */
export function siteUrls(publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    base,
    /** A path of the site (starting with /) as an absolute address. */
    to: (path: string) => `${base}${path}`,
    post: (post: Pick<Post, 'communityName' | 'publicId'>) =>
      `${base}/${encodeURIComponent(post.communityName)}/post/${encodeURIComponent(post.publicId)}`,
    community: (name: string) => `${base}/${encodeURIComponent(name)}`,
    profile: (username: string) => `${base}/@${encodeURIComponent(username)}`,
  };
}

export type SiteUrls = ReturnType<typeof siteUrls>;

/** When a post last changed, as its entry's `updated`. */
function postUpdated(post: Post): Date {
  return new Date(post.editedAt ?? post.createdAt);
}

/**
 * A post's entry id, which never changes: a tag URI (RFC 4151) on the site's host, dated the day
 * the post was made, so that an edit, a move of the community's name or a new scheme keeps it.
 */
function entryId(urls: SiteUrls, post: Post): string {
  const day = post.createdAt.slice(0, 10);
  return `tag:${new URL(urls.base).hostname},${day}:posts/${post.publicId}`;
}

function element(name: string, text: string, attributes = ''): string {
  return `<${name}${attributes}>${escapeXml(text)}</${name}>`;
}

function linkElement(attributes: Record<string, string | undefined>): string {
  const written = Object.entries(attributes)
    .flatMap(([name, value]) => (value === undefined ? [] : [` ${name}="${escapeXml(value)}"`]))
    .join('');
  return `<link${written}/>`;
}

function entry(urls: SiteUrls, post: Post): string {
  const author = post.author
    ? `<author>${element('name', post.author.username)}${element('uri', urls.profile(post.author.username))}</author>`
    : `<author>${element('name', post.username)}</author>`;
  const images = post.images.map((image) =>
    linkElement({ rel: 'enclosure', type: IMAGE_TYPES[image.format], href: urls.to(image.url), title: image.altText ?? undefined }),
  );
  const body = post.body?.trim() ? element('content', post.body, ' type="text"') : '';
  return [
    '<entry>',
    element('id', entryId(urls, post)),
    element('title', post.title, ' type="text"'),
    linkElement({ rel: 'alternate', type: 'text/html', href: urls.post(post) }),
    ...(post.link ? [linkElement({ rel: 'related', href: post.link.url, title: post.link.hostname || undefined })] : []),
    ...images,
    author,
    `<category term="${escapeXml(post.communityName)}" label="${escapeXml(post.communityName)}"/>`,
    element('published', post.createdAt),
    element('updated', postUpdated(post).toISOString()),
    body,
    '</entry>',
  ].join('');
}

/** The Atom document of `feed`'s posts, in the order given. */
export function atomDocument(urls: SiteUrls, feed: AtomFeed): AtomDocument {
  const times = feed.posts.map((post) => postUpdated(post).getTime());
  const updated = times.length > 0 ? new Date(Math.max(...times)) : feed.emptySince;
  const xml = [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element('id', feed.selfUrl),
    element('title', feed.title, ' type="text"'),
    ...(feed.subtitle ? [element('subtitle', feed.subtitle, ' type="text"')] : []),
    linkElement({ rel: 'self', type: 'application/atom+xml', href: feed.selfUrl }),
    linkElement({ rel: 'alternate', type: 'text/html', href: feed.pageUrl }),
    element('updated', updated.toISOString()),
    element('generator', SITE_NAME, ` uri="${escapeXml(urls.base)}"`),
    element('icon', urls.to('/favicon.png')),
    ...feed.posts.map((post) => entry(urls, post)),
    '</feed>\n',
  ].join('');
  return { xml, updated };
}
