import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_COPY_NAMES } from '@quorum/shared/constants';
import { Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import { sessionUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { notFound, sendError } from '../http/errors.ts';
import { copyKey, originalKey } from './process.ts';
import { getImageFile } from './queries.ts';
import { CONTENT_TYPES, type ImageStore } from './storage.ts';

const COPY_NAMES = new Set<string>(IMAGE_COPY_NAMES);

/** `name.ext` split at its only dot, or null. */
function splitFileName(file: string): { name: string; ext: string } | null {
  const match = /^([a-z0-9-]+)\.([a-z]+)$/.exec(file);
  return match ? { name: match[1] ?? '', ext: match[2] ?? '' } : null;
}

function answerMissing(reply: FastifyReply) {
  return sendError(reply.header('Cache-Control', 'no-store'), notFound(Messages.imageNotFound));
}

export interface ImageFileRoutesOptions {
  sql: Sql;
  store: ImageStore;
  /** The bucket's public address: files that anybody may see are redirected there. */
  publicUrl?: string | undefined;
}

/**
 * Serves image files: `/images/{id}.{ext}` is the original, `/images/{id}/{copy}.{ext}` a named
 * copy. A file never changes once written, so it may be cached for good. With a public address
 * for the bucket, the answer is a redirect to the file there, except for restricted files.
 */
const imageFileRoutes: FastifyPluginAsync<ImageFileRoutesOptions> = async (app, { sql, store, publicUrl }) => {
  async function send(request: FastifyRequest, reply: FastifyReply, id: string, copy: string | null, ext: string) {
    if (!isUuid(id) || (copy !== null && !COPY_NAMES.has(copy))) return answerMissing(reply);
    const image = await getImageFile(sql, id);
    if (!image) return answerMissing(reply);
    // The files of a deleted post are for its author and admins only, and never kept by a shared cache.
    const restricted = image.deletedPostAuthorId !== null;
    if (restricted) {
      const viewer = await sessionUser(sql, request);
      if (!viewer?.isAdmin && viewer?.id !== image.deletedPostAuthorId) return answerMissing(reply);
    }
    const format = copy === null ? image.format : image.copies.find((c) => c.name === copy)?.format;
    if (format === undefined || format !== ext || !CONTENT_TYPES[format]) return answerMissing(reply);

    const key = copy === null ? originalKey(image.storeKey, format) : copyKey(image.storeKey, copy, format);
    // The redirect itself may be kept a while, not for good: the public address can change.
    if (publicUrl && !restricted) return reply.header('Cache-Control', 'public, max-age=86400').redirect(`${publicUrl}/${key}`, 302);
    const file = await store.open(key);
    if (!file) {
      reply.log.warn({ imageId: id, key }, 'image file missing from the store');
      return answerMissing(reply);
    }
    return reply
      .header('Content-Type', CONTENT_TYPES[format])
      .header('Content-Length', file.size)
      .header('Cache-Control', restricted ? 'private, no-store' : 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.stream);
  }

  app.get<{ Params: { file: string } }>('/images/:file', async (request, reply) => {
    const file = splitFileName(request.params.file);
    return file ? send(request, reply, file.name, null, file.ext) : answerMissing(reply);
  });

  app.get<{ Params: { id: string; file: string } }>('/images/:id/:file', async (request, reply) => {
    const file = splitFileName(request.params.file);
    return file ? send(request, reply, request.params.id, file.name, file.ext) : answerMissing(reply);
  });

  // Any other address under /images is a miss too, never the web app's page.
  app.get('/images/*', async (_request, reply) => answerMissing(reply));
};

export default imageFileRoutes;
