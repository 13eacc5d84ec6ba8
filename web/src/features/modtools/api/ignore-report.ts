import type { Report } from '@quorum/shared/entities/reports';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { modtoolsKeys } from './keys.ts';

export const ignoreReport = defineMutation(
  modtoolsKeys.mutation('ignore-report'),
  ({ communityId, reportId }: { communityId: string; reportId: string }): Promise<Report> => api.ignoreReport(communityId, reportId),
);

/** DELETE /api/communities/{id}/reports/{reportId}: the report is ignored and leaves the list. */
export function useIgnoreReport() {
  return useDefinedMutation(ignoreReport, {
    onSuccess: (_report, { communityId }, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: modtoolsKeys.reports(communityId) }),
  });
}
