import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { imageAltTextBody } from '@quorum/shared/schemas/posts';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { presentImage } from './present.ts';
import { storeImage } from './process.ts';
import { getImage, updateImageAltText } from './queries.ts';
import type { ImageStore } from './storage.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for an id in the form the database hands out (lower-case UUID). */
export const isImageId = (id: string) => UUID_PATTERN.test(id);

/** The multipart parser's failures are the request's fault: a file too large, or a malformed body. */
function uploadError(error: unknown): HttpError {
  if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return badRequest(Messages.fileSizeExceeded, ErrorCode.fileSizeExceeded);
  }
  return badRequest('The upload could not be read.');
}

/**
 * Reads the multipart field `image` of an upload into memory, at most `maxBytes`. Answers 400
 * `file_size_exceeded` for a larger file and 400 `unsupported-image-format` for a file whose declared
 * type is not an image; the bytes themselves are checked when the image is processed.
 */
export async function readImageUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data in the field "image".');
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 } });
  } catch (error) {
    throw uploadError(error);
  }
  if (!part || part.fieldname !== 'image') {
    part?.file.resume();
    throw badRequest('No image was uploaded.');
  }
  if (!part.mimetype.toLowerCase().startsWith('image/')) {
    part.file.resume();
    throw new HttpError(400, ErrorCode.unsupportedImageFormat, Messages.unsupportedFileType(part.filename.slice(0, 255)));
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    throw uploadError(error);
  }
}

export interface ImagesRoutesOptions {
  sql: Sql;
  store: ImageStore;
  /** Largest accepted upload in bytes. */
  maxBytes: number;
  /** Per-route rate limits, or false when rate limiting is off. */
  limits: { upload: object } | false;
}

const imagesRoutes: FastifyPluginAsync<ImagesRoutesOptions> = async (app, { sql, store, maxBytes, limits }) => {
  app.post('/_uploads', { config: { rateLimit: limits && limits.upload } }, async (request, reply) => {
    const user = requireUser(request);
    const buffer = await readImageUpload(request, maxBytes);
    const image = await storeImage(sql, store, buffer, { uploadedBy: user.id, kind: 'post' });
    return reply.code(201).send(presentImage(image));
  });

  app.put<{ Params: { id: string } }>('/images/:id', async (request) => {
    const user = requireUser(request);
    const { altText } = parse(imageAltTextBody, request.body);
    const image = isImageId(request.params.id) ? await getImage(sql, request.params.id) : undefined;
    if (!image) throw notFound('Image not found.');
    if (image.uploadedBy !== user.id) throw forbidden();
    const updated = await updateImageAltText(sql, image.id, altText?.trim() || null);
    if (!updated) throw notFound('Image not found.');
    return presentImage(updated);
  });
};

export default imagesRoutes;
