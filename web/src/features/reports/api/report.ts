import { ApiError } from '@quorum/client/api-error';
import { ErrorCode } from '@quorum/shared/errors';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { reportKeys } from './keys.ts';
import { markReported } from './reported.ts';

export const report = defineMutation(
  reportKeys.mutation('create'),
  ({ type, targetId, reason }: { type: 'post' | 'comment'; targetId: string; reason: number }) => api.report({ type, targetId, reason }),
);

/** Refusals the report form shows itself: already reported, deleted, or the author's own. */
export function reportErrorMessage(error: Error): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429 ? error.message : null;
}

function isAlreadyReported(error: Error): boolean {
  return error instanceof ApiError && error.code === ErrorCode.alreadyReported;
}

/**
 * POST /api/_report {type, targetId, reason}. An accepted report, and the refusal of a second
 * one, are remembered, so that the Report modal says it was reported before asking for a reason.
 */
export function useReport() {
  return useDefinedMutation(report, {
    meta: { handlesError: (error) => reportErrorMessage(error) !== null },
    onSuccess: (_report, { type, targetId }, _onMutateResult, { client }) => markReported(client, type, targetId),
    onError: (error, { type, targetId }, _onMutateResult, { client }) => {
      if (isAlreadyReported(error)) markReported(client, type, targetId);
    },
  });
}
