import type { UploadProgress } from '@quorum/client/api-client';
import { ApiError } from '@quorum/client/api-error';
import type { Image } from '@quorum/shared/entities/images';
import { api } from '../../../lib/api-client.ts';
import { uploadErrorMessage } from '../../../lib/upload-errors.ts';

/**
 * POST /api/_uploads with its progress. A refused file fails with an ApiError whose message is the
 * specification's text for that upload error.
 */
export async function uploadImage(
  file: File,
  { onProgress, signal }: { onProgress: (progress: UploadProgress) => void; signal?: AbortSignal },
): Promise<Image> {
  try {
    return await api.uploadImage(file, { onProgress, signal });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new ApiError(error.status, error.body, uploadErrorMessage(error.status, error.body, file.name) ?? undefined);
  }
}
