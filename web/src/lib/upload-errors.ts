import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages, type ErrorBody } from '@quorum/shared/errors';

/**
 * The specification's message for a refused upload of `fileName`: a file too large, a file that is
 * not an image at all, or an image the server cannot read (the server may say why, in the product's
 * words). Any other refusal of the upload (a malformed form, say) is an unsupported image: its
 * technical text is not for people. Null for failures the generic handler takes (rate limits,
 * network, server errors).
 */
export function uploadErrorMessage(status: number, body: ErrorBody | null, fileName: string): string | null {
  if (status === 413 || body?.code === ErrorCode.fileSizeExceeded || body?.code === ErrorCode.payloadTooLarge) {
    return Messages.fileSizeExceeded;
  }
  if (body?.code === ErrorCode.unsupportedImageFormat) return Messages.unsupportedFileType(fileName);
  if (body?.code === ErrorCode.unsupportedImage) return body.message || Messages.unsupportedImage;
  if (status === 400 || status === 415) return Messages.unsupportedImage;
  return null;
}

/** The same for an ApiError; null for any other error. */
export function uploadFailureMessage(error: Error, fileName: string): string | null {
  return error instanceof ApiError ? uploadErrorMessage(error.status, error.body, fileName) : null;
}
