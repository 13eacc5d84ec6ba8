import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import type { VisitorCache } from '../http/visitor-cache.ts';
import { siteUrls } from './atom.ts';
import { communityFeed, siteFeed, userFeed, type SiteFeed } from './feeds.ts';
import { openSearchDescription, robotsTxt } from './site-files.ts';
import { communitiesSitemap, loadPostPageStarts, postsSitemap, sitemapIndex } from './sitemap.ts';

export interface SyndicationRoutesOptions {
  visitorCache: VisitorCache;
  /** The site's public address (PUBLIC_URL): every link in these documents is absolute. */
  publicUrl: string;
}

const ATOM = 'application/atom+xml; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const OPENSEARCH = 'application/opensearchdescription+xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/** How long browsers, readers and shared caches may keep each kind of document, in seconds. */
const MAX_AGE = { feed: 300, sitemap: 3600, siteFile: 3600, missing: 60 } as const;

/** A document as kept for every visitor, with when it last changed if that is known. */
interface Kept {
  body: string;
  lastModified?: Date;
}

const quotedEtag = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether the client already holds this version (If-None-Match, else If-Modified-Since). */
function isNotModified(request: FastifyRequest, etag: string, lastModified: Date | undefined): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((tag) => {
      const trimmed = tag.trim();
      return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
    });
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined || !lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds.
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

function sendMissing(reply: FastifyReply) {
  return reply.code(404).type(TEXT).header('Cache-Control', `public, max-age=${MAX_AGE.missing}`).send('Not found.\n');
}

function sendKept(request: FastifyRequest, reply: FastifyReply, kept: Kept, etag: string, type: string, maxAge: number) {
  reply.type(type).header('Cache-Control', `public, max-age=${maxAge}`).header('ETag', etag);
  if (kept.lastModified) reply.header('Last-Modified', kept.lastModified.toUTCString());
  if (isNotModified(request, etag, kept.lastModified)) return reply.code(304).send();
  return reply.send(kept.body);
}

/**
 * The name in a feed's file name (`name.atom`), or undefined for an address that names no feed:
 * those go on to the web app, as a community may be called "feeds" or "sitemaps" and its pages
 * live under the same first segment.
 */
function atomFileName(file: string): string | undefined {
  return file.endsWith('.atom') ? file.slice(0, -'.atom'.length) : undefined;
}

const POSTS_SITEMAP_FILE = /^posts-([1-9][0-9]{0,2})\.xml$/;

/**
 * Atom feeds, sitemaps, robots.txt and the OpenSearch description, outside /api: documents for feed
 * readers, crawlers and browsers, made from what visitors see. Each is made at most once per
 * interval of the visitor cache, whoever asks.
 */
const syndicationRoutes: FastifyPluginAsync<SyndicationRoutesOptions> = async (app, { visitorCache, publicUrl }) => {
  // A page of the sitemap is over a megabyte of very repetitive text.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  const urls = siteUrls(publicUrl);
  const reads = { config: { reads: 'replica' as const } };

  /** Sends the document kept under `key`, made by `make` when none is fresh; null from `make` is a 404. */
  async function sendShared(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    make: () => Promise<Kept | null>,
    type: string,
    maxAge: number,
  ) {
    const answer = await visitorCache.get(`syndication ${key}`, make, (kept) => kept?.body ?? '');
    if (!answer.value) return sendMissing(reply);
    return sendKept(request, reply, answer.value, answer.etag, type, maxAge);
  }

  const atom = (document: { xml: string; updated: Date } | null): Kept | null =>
    document && { body: document.xml, lastModified: document.updated };

  for (const feed of ['hot', 'new'] satisfies SiteFeed[]) {
    app.get(`/feeds/${feed}.atom`, reads, (request, reply) =>
      sendShared(request, reply, `feed ${feed}`, async () => atom(await siteFeed(request.readSql, urls, feed)), ATOM, MAX_AGE.feed));
  }

  app.get<{ Params: { file: string } }>('/feeds/c/:file', reads, async (request, reply) => {
    const name = atomFileName(request.params.file);
    if (name === undefined) return reply.callNotFound();
    return sendShared(request, reply, `feed c ${name.toLowerCase()}`, async () => atom(await communityFeed(request.readSql, urls, name)), ATOM, MAX_AGE.feed);
  });

  app.get<{ Params: { file: string } }>('/feeds/u/:file', reads, async (request, reply) => {
    const name = atomFileName(request.params.file);
    if (name === undefined) return reply.callNotFound();
    return sendShared(request, reply, `feed u ${name.toLowerCase()}`, async () => atom(await userFeed(request.readSql, urls, name)), ATOM, MAX_AGE.feed);
  });

  /** Where each page of the posts' sitemap starts, shared by the index and the pages. */
  const pageStarts = async (request: FastifyRequest) =>
    (await visitorCache.get('syndication sitemap starts', () => loadPostPageStarts(request.readSql), JSON.stringify)).value;

  app.get('/sitemap.xml', reads, (request, reply) =>
    sendShared(request, reply, 'sitemap index', async () => ({ body: sitemapIndex(urls, (await pageStarts(request)).length) }), XML, MAX_AGE.sitemap));

  app.get('/sitemaps/communities.xml', reads, (request, reply) =>
    sendShared(request, reply, 'sitemap communities', async () => ({ body: await communitiesSitemap(request.readSql, urls) }), XML, MAX_AGE.sitemap));

  app.get<{ Params: { file: string } }>('/sitemaps/:file', reads, async (request, reply) => {
    const { file } = request.params;
    if (!file.endsWith('.xml')) return reply.callNotFound();
    const page = Number(POSTS_SITEMAP_FILE.exec(file)?.[1] ?? 0);
    if (page === 0) return sendMissing(reply);
    return sendShared(request, reply, `sitemap posts ${page}`, async () => {
      const start = (await pageStarts(request))[page - 1];
      return start === undefined ? null : { body: await postsSitemap(request.readSql, urls, start) };
    }, XML, MAX_AGE.sitemap);
  });

  const robots: Kept = { body: robotsTxt(urls) };
  const robotsEtag = quotedEtag(robots.body);
  app.get('/robots.txt', async (request, reply) => sendKept(request, reply, robots, robotsEtag, TEXT, MAX_AGE.siteFile));

  const openSearch: Kept = { body: openSearchDescription(urls) };
  const openSearchEtag = quotedEtag(openSearch.body);
  app.get('/opensearch.xml', async (request, reply) => sendKept(request, reply, openSearch, openSearchEtag, OPENSEARCH, MAX_AGE.siteFile));
};

export default syndicationRoutes;
