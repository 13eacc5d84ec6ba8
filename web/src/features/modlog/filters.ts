import { MOD_ACTION_KINDS, USERNAME_MAX } from '@quorum/shared/constants';
import type { ModLogFilters } from '../../config/paths.ts';

/** The filters an address asks for; unknown kinds and blank names count as none. */
export function readModLogFilters(params: URLSearchParams): ModLogFilters {
  const kind = MOD_ACTION_KINDS.find((value) => value === params.get('kind'));
  const mod = params.get('mod')?.trim().replace(/^@/, '').slice(0, USERNAME_MAX) || undefined;
  return { kind, mod };
}

export function hasFilters(filters: ModLogFilters): boolean {
  return filters.kind !== undefined || filters.mod !== undefined;
}
