import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.ts';
import type { PageHead, PageHeads } from '../http/web.ts';
import type { VisitorCache } from '../http/visitor-cache.ts';
import { buildHead, type Site } from './head.ts';
import { matchPage } from './match.ts';
import { fixedPageMeta, loadPageMeta, type PageMeta } from './meta.ts';

export interface PageHeadsOptions {
  db: Db;
  visitorCache: VisitorCache;
  publicUrl: string;
  /** The shell's own description, for pages without one. */
  description: string | null;
  log: FastifyBaseLogger;
}

const FALLBACK_DESCRIPTION = 'An open-source, ad-free community forum.';

/** What the page is when it could not be looked up: the app, once started, shows what it can. */
const UNAVAILABLE: PageMeta = {
  status: 503, title: null, description: null, path: null, image: null, type: 'website', noindex: true, feeds: [],
};

/**
 * The head of the page at a request's address, as a visitor sees it. A page made from the
 * database is kept in the visitor micro-cache under its path, as the API's visitor answers are.
 */
export function createPageHeads({ db, visitorCache, publicUrl, description, log }: PageHeadsOptions): PageHeads {
  const site: Site = { publicUrl, description: description ?? FALLBACK_DESCRIPTION };
  return async (request: FastifyRequest): Promise<PageHead> => {
    const route = matchPage(request.url);
    switch (route.kind) {
      case 'fixed':
      case 'feed':
      case 'search':
      case 'notFound':
        return buildHead(fixedPageMeta(route), site);
      default: {
        const path = request.url.split('?')[0] ?? request.url;
        try {
          const answer = await visitorCache.get(`page ${path}`, async () => buildHead(await loadPageMeta(db, route), site), JSON.stringify);
          return answer.value;
        } catch (error) {
          log.error({ err: error }, 'the page head could not be loaded');
          return buildHead(UNAVAILABLE, site);
        }
      }
    }
  };
}
