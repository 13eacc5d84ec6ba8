import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

/** True when a built web app exists in `dist`. */
export function hasWebBuild(dist: string | undefined): dist is string {
  return dist !== undefined && existsSync(join(dist, 'index.html'));
}

/**
 * Serves the built web app. Hashed assets are cached for a year; the HTML shell, the service
 * worker and the manifest are revalidated on every load so that updates reach people.
 */
export async function serveWeb(app: FastifyInstance, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** The app shell for any other page address, so client-side routes work on reload. */
export function sendAppShell(reply: FastifyReply) {
  return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
