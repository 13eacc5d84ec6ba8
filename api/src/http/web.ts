import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
    ...(captcha ? [`connect-src 'self' ${CAPTCHA_SOURCES}`] : []),
    "img-src 'self' data: blob:",
    [`frame-src ${YOUTUBE_EMBED_ORIGIN}`, ...captchaSources].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Serves the built web app. Hashed assets are cached for a year; the HTML shell, the service
 * worker and the manifest are revalidated on every load so that updates reach people. HTML
 * carries the shell's Content-Security-Policy, also when the service worker serves its copy.
 */
export async function serveWeb(app: FastifyInstance, dist: string, options: { captcha?: boolean } = {}): Promise<void> {
  const policy = shellContentSecurityPolicy(readFileSync(join(dist, 'index.html'), 'utf8'), options);
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its text files.
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      // `path` names the compressed copy when one is sent.
      if (/\.html(\.br|\.gz)?$/.test(path)) reply.header('Content-Security-Policy', policy);
    },
  });
}

/** The app shell for any other page address, so client-side routes work on reload. */
export function sendAppShell(reply: FastifyReply) {
  return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}

/**
 * A share sent to the installed app is taken by its service worker; should one reach the server
 * (the worker not running yet), the user still lands on New post, without the shared content.
 */
export function shareTargetFallback(_request: FastifyRequest, reply: FastifyReply) {
  return reply.redirect('/new', 303);
}
