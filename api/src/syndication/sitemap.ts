// Sitemaps (sitemaps.org 0.9): an index, the communities, and the newest posts in numbered pages.
import { escapeXml } from '@quorum/shared/format';
import type { Db } from '../db/connect.ts';
import type { SiteUrls } from './atom.ts';
import { listSitemapCommunities, listSitemapPageStarts, listSitemapPosts } from './queries.ts';

/** Addresses per sitemap page (the protocol allows 50,000; smaller pages stay quick to make). */
export const SITEMAP_PAGE_SIZE = 10_000;
/** The newest posts listed in all; older ones are reached through their communities. */
export const SITEMAP_MAX_POSTS = 50_000;

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';

function urlset(urls: Array<{ loc: string; lastmod: Date }>): string {
  const entries = urls.map(({ loc, lastmod }) => `<url><loc>${escapeXml(loc)}</loc><lastmod>${lastmod.toISOString()}</lastmod></url>\n`);
  return `${HEADER}<urlset xmlns="${NAMESPACE}">\n${entries.join('')}</urlset>\n`;
}

export const communitiesSitemapPath = '/sitemaps/communities.xml';
export const postsSitemapPath = (page: number) => `/sitemaps/posts-${page}.xml`;

/** The sitemap index: the communities' sitemap, then one per page of posts (`pages` of them). */
export function sitemapIndex(urls: SiteUrls, pages: number): string {
  const locs = [communitiesSitemapPath, ...Array.from({ length: pages }, (_, i) => postsSitemapPath(i + 1))];
  const entries = locs.map((path) => `<sitemap><loc>${escapeXml(urls.to(path))}</loc></sitemap>\n`);
  return `${HEADER}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`;
}

/** Where each page of posts starts (see listSitemapPageStarts); as many as there are pages. */
export function loadPostPageStarts(db: Db): Promise<string[]> {
  return listSitemapPageStarts(db, SITEMAP_PAGE_SIZE, SITEMAP_MAX_POSTS);
}

export async function communitiesSitemap(db: Db, urls: SiteUrls): Promise<string> {
  const communities = await listSitemapCommunities(db, SITEMAP_PAGE_SIZE);
  return urlset(communities.map((community) => ({ loc: urls.community(community.name), lastmod: community.lastmod })));
}

/** A page of the newest posts, from the post `start` down. */
export async function postsSitemap(db: Db, urls: SiteUrls, start: string): Promise<string> {
  const posts = await listSitemapPosts(db, start, SITEMAP_PAGE_SIZE);
  return urlset(posts.map((post) => ({ loc: urls.post(post), lastmod: post.lastActivityAt })));
}
