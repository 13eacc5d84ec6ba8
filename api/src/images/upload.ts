import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { badRequest } from '../http/errors.ts';

/** The multipart parser's failures are the request's fault: a file too large, or a malformed body. */
function uploadError(error: unknown) {
  if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return badRequest(Messages.fileSizeExceeded, ErrorCode.fileSizeExceeded);
  }
  return badRequest(Messages.uploadUnreadable);
}

/**
 * Reads the multipart field `image` of an upload into memory, at most `maxBytes`. Answers 400
 * `file_size_exceeded` for a larger file and 400 `unsupported-image-format` for a file whose declared
 * type is not an image; the bytes themselves are checked when the image is processed.
 */
export async function readImageUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(Messages.uploadNotMultipart);
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 } });
  } catch (error) {
    throw uploadError(error);
  }
  if (!part || part.fieldname !== 'image') {
    part?.file.resume();
    throw badRequest(Messages.noImageUploaded);
  }
  if (!part.mimetype.toLowerCase().startsWith('image/')) {
    part.file.resume();
    throw badRequest(Messages.unsupportedFileType(part.filename.slice(0, 255)), ErrorCode.unsupportedImageFormat);
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    throw uploadError(error);
  }
}
