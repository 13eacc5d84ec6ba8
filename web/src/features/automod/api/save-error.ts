import { ApiError } from '@quorum/client/api-error';

/** The server's refusal of a list, shown beside Save; null for failures the alerts announce. */
export function autoModSaveError(error: Error | null): string | null {
  return error instanceof ApiError && error.status === 400 ? error.message : null;
}
