import type { FastifyPluginAsync } from 'fastify';
import { imageAltTextBody } from '@quorum/shared/schemas/posts';
import { Image } from '@quorum/shared/entities/images';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { changeAltText } from './actions.ts';
import { presentImage } from './present.ts';
import { storeImage } from './process.ts';
import type { ImageStore } from './storage.ts';
import { readImageUpload } from './upload.ts';

export interface ImagesRoutesOptions {
  sql: Sql;
  store: ImageStore;
  /** Largest accepted upload in bytes. */
  maxBytes: number;
}

const imagesRoutes: FastifyPluginAsync<ImagesRoutesOptions> = async (app, { sql, store, maxBytes }) => {
  app.post('/_uploads', { schema: sends(Image), config: { limit: 'upload' } }, async (request, reply) => {
    const user = requireUser(request);
    const buffer = await readImageUpload(request, maxBytes);
    const image = await storeImage(sql, store, buffer, { uploadedBy: user.id, kind: 'post' });
    return reply.code(201).send(presentImage(image));
  });

  app.put<{ Params: { id: string } }>('/images/:id', { schema: sends(Image) }, async (request) => {
    const user = requireUser(request);
    const { altText } = parse(imageAltTextBody, request.body);
    return presentImage(await changeAltText(sql, user, request.params.id, altText));
  });
};

export default imagesRoutes;
