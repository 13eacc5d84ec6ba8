import { ApiError } from '@quorum/client/api-error';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { reportKeys } from './keys.ts';

export const report = defineMutation(
  reportKeys.mutation('create'),
  ({ type, targetId, reason }: { type: 'post' | 'comment'; targetId: string; reason: number }) => api.report({ type, targetId, reason }),
);

/** Refusals the report form shows itself: already reported, deleted, or the author's own. */
export function reportErrorMessage(error: Error): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429 ? error.message : null;
}

/** POST /api/_report {type, targetId, reason}. */
export function useReport() {
  return useDefinedMutation(report, {
    meta: { handlesError: (error) => reportErrorMessage(error) !== null },
  });
}
