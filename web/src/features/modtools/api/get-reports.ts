import type { REPORT_FILTERS } from '@quorum/shared/constants';
import { MODTOOLS_PAGE_SIZE } from '@quorum/shared/constants';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { modtoolsKeys } from './keys.ts';

export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** GET /api/communities/{id}/reports?filter&page: one numbered page of open reports, newest first, with their counts. */
export const reportsOptions = (communityId: string, filter: ReportFilter, page: number) =>
  queryOptions({
    queryKey: modtoolsKeys.reportsPage(communityId, filter, page),
    queryFn: ({ signal }) => api.getReports(communityId, { filter, page, limit: MODTOOLS_PAGE_SIZE }, signal),
    meta: { persist: false },
  });
