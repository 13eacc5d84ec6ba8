import { ApiError } from '@quorum/client/api-error';
import type { DataExport, DataExports } from '@quorum/shared/entities/exports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { staleTimes } from '../../../lib/query-client.ts';
import { settingsKeys } from './keys.ts';

/** How often the list is read again while an archive is being built. */
export const BUILDING_REFETCH_MS = 3_000;

const dataExportsKey = () => [...settingsKeys.all, 'data-exports'] as const;

const isBuilding = (data: DataExports | undefined) => data?.exports.some((item) => item.status === 'building') ?? false;

/**
 * GET /api/exports: the member's archives, the newest first. Read again at every visit, every few
 * seconds while one is being built, and never saved for offline use (a download works online only).
 */
export const dataExportsOptions = () =>
  queryOptions({
    queryKey: dataExportsKey(),
    queryFn: ({ signal }) => api.getDataExports(signal),
    staleTime: staleTimes.queue,
    refetchInterval: (query) => (isBuilding(query.state.data) ? BUILDING_REFETCH_MS : false),
    meta: { persist: false },
  });

export function useDataExports() {
  return useQuery(dataExportsOptions());
}

export const requestDataExport = defineMutation<void, DataExport>(settingsKeys.mutation('request-data-export'), () => api.requestDataExport());

/** Refusals the section shows by itself: one archive an hour, and the address's rate limit. */
export const isDataExportRefusal = (error: Error) => error instanceof ApiError && (error.status === 409 || error.status === 429);

/** POST /api/_export: starts an archive (or finds the one being built); the list shows it at once. */
export function useRequestDataExport() {
  return useDefinedMutation(requestDataExport, {
    meta: { handlesError: isDataExportRefusal },
    onSuccess: (started, _variables, _onMutateResult, { client }) => {
      client.setQueryData(dataExportsKey(), (current: DataExports | undefined): DataExports => ({
        exports: [started, ...(current?.exports.filter((item) => item.id !== started.id) ?? [])],
      }));
    },
    onSettled: (_result, _error, _variables, _onMutateResult, { client }) => client.invalidateQueries({ queryKey: dataExportsKey() }),
  });
}
