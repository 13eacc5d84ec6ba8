import { ApiError } from '@quorum/client/api-error';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';

/** Refusals the report form shows itself: already reported, deleted, or the author's own. */
export function reportErrorMessage(error: Error): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429 ? error.message : null;
}

/** POST /api/_report {type, targetId, reason}. */
export function useReport() {
  return useDefinedMutation(mutations.report, {
    meta: { handlesError: (error) => reportErrorMessage(error) !== null },
  });
}
