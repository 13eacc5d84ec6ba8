// Public pages drawn on the server for visitors (the web app's src/entry-server.tsx, built into
// web/dist-ssr): their content reads before any script runs, and without script at all, and the
// app takes the drawn page over. A drawn page is kept in the visitor micro-cache like the API's
// answers it is made from.
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scriptJson, type DrawnContent } from '../http/web.ts';
import type { VisitorCache } from '../http/visitor-cache.ts';
import { matchPage } from './match.ts';

/** A page as the web app draws it: its markup and what the browser needs to take it over (or null to draw it anew). */
interface DrawnPage {
  html: string;
  state: unknown;
}

interface ServerEntry {
  drawPage(url: URL, fetchApi: typeof fetch, options: { phone: boolean }): Promise<DrawnPage | null>;
}

export interface PageDrawer {
  /** The page at the request's address as a visitor sees it, or null when it is not drawn on the server (or could not be). */
  draw(request: FastifyRequest): Promise<DrawnContent | null>;
}

export interface PageDrawerOptions {
  app: FastifyInstance;
  /** The browser's build of the web app; the server's is beside it. */
  webDist: string;
  visitorCache: VisitorCache;
  /** The name of the session cookie: a request with one may be a member's, who is not drawn for. */
  sessionCookie: string;
}

/** Pages with content for visitors; forms and members' screens are left to the browser. */
function isDrawn(url: string): boolean {
  const route = matchPage(url);
  return route.kind !== 'fixed' || !route.noindex;
}

const PHONE = /Mobi|iPhone|Android.+Mobile/i;

/**
 * Pages drawn at once, at most: past it, the browser draws the page (the plain shell is sent), so
 * that made-up addresses (each its own cache entry) cannot keep the process busy drawing.
 */
const MAX_DRAWING = 4;

/** A page that takes longer to draw is left to the browser: the visitor is not kept waiting for it. */
const DRAW_TIME_LIMIT_MS = 3_000;

function withinTimeLimit<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the page took over ${DRAW_TIME_LIMIT_MS} ms to draw`)), DRAW_TIME_LIMIT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Loads the web app's server build next to `webDist`, when there is one. Its reads go to this
 * server's own API routes in process, as the visitor's own (same address, no cookie).
 */
export async function loadPageDrawer({ app, webDist, visitorCache, sessionCookie }: PageDrawerOptions): Promise<PageDrawer | undefined> {
  const entryFile = join(dirname(webDist), 'dist-ssr', 'entry-server.js');
  if (!existsSync(entryFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;

  // The visitor a page is being drawn for, through every read the drawing makes (several pages
  // may be drawn at once; the app's API client is one for all of them).
  const visitor = new AsyncLocalStorage<FastifyRequest>();
  const fetchApi = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const remoteAddress = visitor.getStore()?.ip ?? '127.0.0.1';
    const answer = await app.inject({ method: init?.method ?? 'GET', url, remoteAddress, headers: { accept: 'application/json' } });
    return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
  const drawFor = async (request: FastifyRequest, phone: boolean): Promise<DrawnContent | null> => {
    const page = await visitor.run(request, () => entry.drawPage(new URL(request.url, 'http://page.invalid'), fetchApi as typeof fetch, { phone }));
    // Serialised once, with the page: every visitor it is sent to gets the same text (and the
    // same object, which the page made from it is kept by, see sendAppShell).
    return page && { html: page.html, stateJson: page.state === null ? null : scriptJson(page.state) };
  };

  let drawing = 0;
  const drawCounted = async (request: FastifyRequest, phone: boolean) => {
    drawing += 1;
    try {
      return await drawFor(request, phone);
    } finally {
      drawing -= 1;
    }
  };

  return {
    async draw(request) {
      if (request.method !== 'GET' || !isDrawn(request.url)) return null;
      // A member gets the app, which shows their own view of the page.
      if (request.cookies[sessionCookie] !== undefined) {
        await app.authenticate(request);
        if (request.user) return null;
      }
      const phone = PHONE.test(String(request.headers['user-agent'] ?? ''));
      const key = `drawn ${phone ? 'phone' : 'wide'} ${request.url}`;
      // Past the limit, a page the cache does not hold already is left to the browser.
      if (drawing >= MAX_DRAWING && !visitorCache.has(key)) return null;
      try {
        const answer = await withinTimeLimit(visitorCache.get(key, () => drawCounted(request, phone), JSON.stringify));
        return answer.value;
      } catch (error) {
        // The app draws the page in the browser, as it does for members.
        request.log.error({ err: error }, 'the page could not be drawn on the server');
        return null;
      }
    },
  };
}
