import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { YOUTUBE_EMBED_ORIGIN } from '@quorum/shared/constants';

/** True when a built web app exists in `dist`. */
export function hasWebBuild(dist: string | undefined): dist is string {
  return dist !== undefined && existsSync(join(dist, 'index.html'));
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Where the hCaptcha widget loads its script, styles and frames from, and calls home. */
const CAPTCHA_SOURCES = 'https://hcaptcha.com https://*.hcaptcha.com';

/**
 * The Content-Security-Policy of the HTML shell: everything from this site only, images also
 * from data: and blob: addresses, frames only from the YouTube embed host, no plugins, no
 * <base>. The shell's own inline script and style are allowed by their hashes. With `captcha`,
 * the sign-up form's hCaptcha widget is allowed too.
 */
export function shellContentSecurityPolicy(html: string, { captcha = false }: { captcha?: boolean } = {}): string {
  const inline = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => sha256(match[1] ?? ''));
  const captchaSources = captcha ? [CAPTCHA_SOURCES] : [];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline('script'), ...captchaSources].join(' '),
    ["style-src 'self'", ...inline('style'), ...captchaSources].join(' '),
    // Pages drawn on the server carry the style attributes the app sets on some elements (sizes,
    // colours); scripts and style elements stay limited to this site and the shell's own.
    "style-src-attr 'unsafe-inline'",
    ...(captcha ? [`connect-src 'self' ${CAPTCHA_SOURCES}`] : []),
    "img-src 'self' data: blob:",
    [`frame-src ${YOUTUBE_EMBED_ORIGIN}`, ...captchaSources].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What a page's address says it is: its status and the tags that name and describe it. */
export interface PageHead {
  status: number;
  /** The page's `<title>` element, its text escaped. */
  title: string;
  /** `<meta>` and `<link>` elements, their values escaped. */
  tags: string;
}

/** Works out the head of the page at a request's address (see api/src/pages/). */
export type PageHeads = (request: FastifyRequest) => Promise<PageHead>;

/**
 * The built web app's HTML shell, read once: the page every address answers, with the head of
 * that address put in place of its generic title and description.
 */
export interface AppShell {
  /** The shell's Content-Security-Policy. */
  policy: string;
  /** The shell's own description: what a page with none of its own says. */
  description: string | null;
  /** The shell with `head`'s title and tags, and the page drawn on the server when there is one. */
  render(head: Omit<PageHead, 'status'>, drawn?: DrawnContent): string;
}

/** A page drawn on the server: its markup and what the app needs to take it over. */
export interface DrawnContent {
  html: string;
  /** What the app takes the page over with, as JSON made safe for a script element (see scriptJson); null when the app is to draw the page anew. */
  stateJson: string | null;
}

const ROOT = '<div id="root"></div>';
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/;

/** JSON inside a <script> element: nothing in it may close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The drawn page in the root element, followed by what the app takes it over with. */
function drawnRoot(drawn: DrawnContent): string {
  const state = drawn.stateJson === null ? '' : `<script type="application/json" id="server-state">${drawn.stateJson}</script>`;
  return `<div id="root">${drawn.html}</div>${state}`;
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const STYLESHEET = /<link rel="stylesheet"[^>]*>\s*/g;
const HREF = /href="([^"]+)"/;
const DESCRIPTION = /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>\s*/;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeAttribute = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** The stylesheets `head` links, as one <style> element (or the links themselves if one could close the element early). */
function inlineStyles(dist: string, head: string): string {
  const links = head.match(STYLESHEET) ?? [];
  if (links.length === 0) return '';
  const css = links.map((link) => readFileSync(join(dist, HREF.exec(link)?.[1] ?? ''), 'utf8')).join('\n');
  return /<\/style/i.test(css) ? links.join('') : `<style>${css}</style>`;
}

function readAppShell(dist: string, options: { captcha?: boolean }): AppShell {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const title = TITLE.exec(html);
  const description = DESCRIPTION.exec(html);
  const withoutDescription = description ? html.replace(DESCRIPTION, '') : html;
  const titleAt = title ? withoutDescription.indexOf(title[0]) : -1;
  // Without a </head> the tags follow the title (or lead the page when it has none either).
  const headEnd = withoutDescription.indexOf('</head>');
  const afterTitle = titleAt >= 0 && title ? titleAt + title[0].length : 0;
  const tagsAt = headEnd >= 0 ? headEnd : afterTitle;
  const before = withoutDescription.slice(0, titleAt >= 0 ? titleAt : afterTitle);
  const between = withoutDescription.slice(afterTitle, tagsAt);
  const after = withoutDescription.slice(tagsAt);
  // A drawn page carries the app's styles in itself, ahead of the script it preloads: they are what
  // its content waits for, and so it shows styled without another round trip.
  const styles = inlineStyles(dist, between);
  const betweenWithoutStyles = between.replace(STYLESHEET, '');
  // Nor does it say it needs JavaScript: it reads without.
  const drawnBody = after.replace(NOSCRIPT, '');
  const rootAt = drawnBody.indexOf(ROOT);
  const [bodyStart, bodyEnd] = rootAt >= 0 ? [drawnBody.slice(0, rootAt), drawnBody.slice(rootAt + ROOT.length)] : [drawnBody, ''];
  return {
    // The styles drawn pages carry are allowed as the shell's own.
    policy: shellContentSecurityPolicy(`${html}${styles}`, options),
    description: description?.[1] === undefined ? null : unescapeAttribute(description[1]),
    render: (head, drawn) =>
      drawn
        ? `${before}${head.title}${styles}${betweenWithoutStyles}${head.tags}${bodyStart}${drawnRoot(drawn)}${bodyEnd}`
        : `${before}${head.title}${between}${head.tags}${after}`,
  };
}

/**
 * Serves the built web app. Hashed assets are cached for a year; the HTML shell, the service
 * worker and the manifest are revalidated on every load so that updates reach people. HTML
 * carries the shell's Content-Security-Policy, also when the service worker serves its copy.
 */
export async function serveWeb(app: FastifyInstance, dist: string, options: { captcha?: boolean } = {}): Promise<AppShell> {
  const shell = readAppShell(dist, options);
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its text files.
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // `path` names the compressed copy when one is sent.
      if (/\.html(\.br|\.gz)?$/.test(path)) reply.header('Content-Security-Policy', shell.policy);
    },
  });
  return shell;
}

/** The encoding a page is sent in: the API's compression plugin does not reach the not-found handler. */
type Encoding = 'br' | 'gzip' | 'identity';

function encodingFor(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

function encode(html: string, encoding: Encoding): string | Buffer {
  if (encoding === 'br') return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(html);
  return html;
}

/**
 * Pages made from a drawn page kept in the visitor micro-cache, by encoding and head: a popular
 * page is put together and compressed once while it is kept, not for every visitor.
 */
const madeFromDrawn = new WeakMap<DrawnContent, Map<string, string | Buffer>>();

function pageBody(shell: AppShell, head: PageHead, drawn: DrawnContent | undefined, encoding: Encoding): string | Buffer {
  if (!drawn) return encode(shell.render(head), encoding);
  let bodies = madeFromDrawn.get(drawn);
  if (!bodies) madeFromDrawn.set(drawn, (bodies = new Map()));
  const key = `${encoding} ${head.title} ${head.tags}`;
  let body = bodies.get(key);
  if (body === undefined) {
    body = encode(shell.render(head, drawn), encoding);
    bodies.set(key, body);
  }
  return body;
}

/**
 * The app shell for any other page address, so client-side routes work on reload, headed with
 * what the page is and answered with its status (404 for a page that is not there), with the page
 * drawn on the server when there is one.
 */
export function sendAppShell(request: FastifyRequest, reply: FastifyReply, shell: AppShell, head: PageHead, drawn?: DrawnContent) {
  const encoding = encodingFor(request);
  // Private: a page hands out the visitor's session and anti-forgery cookies, since the first call
  // the app makes on a page drawn on the server may be a write.
  reply
    .code(head.status)
    .header('Cache-Control', 'private, no-cache')
    .header('Content-Security-Policy', shell.policy)
    .header('Vary', 'Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(pageBody(shell, head, drawn, encoding));
}

/**
 * A share sent to the installed app is taken by its service worker; should one reach the server
 * (the worker not running yet), the user still lands on New post, without the shared content.
 */
export function shareTargetFallback(_request: FastifyRequest, reply: FastifyReply) {
  return reply.redirect('/new', 303);
}
