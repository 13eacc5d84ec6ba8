import { CSRF_HEADER } from '@quorum/client/api-client';
import { ApiError, isErrorBody } from '@quorum/client/api-error';
import type { Image } from '@quorum/shared/types';
import { csrfTokenStore } from '../../../lib/api-client.ts';
import { uploadErrorMessage } from '../../../lib/upload-errors.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/_uploads with the multipart field `image`. It goes through XMLHttpRequest rather than
 * the API client because fetch cannot report upload progress. Failures are ApiErrors whose
 * message is the specification's text for the upload error.
 */
export function uploadImage(
  file: File,
  { onProgress, signal }: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<Image> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/_uploads');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = csrfTokenStore.get();
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(json as Image);
        return;
      }
      const body = isErrorBody(json) ? json : null;
      reject(new ApiError(xhr.status, body, uploadErrorMessage(xhr.status, body, file.name) ?? undefined));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, null)));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('image', file, file.name);
    xhr.send(form);
  });
}
