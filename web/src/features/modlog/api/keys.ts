import type { ModLogFilters } from '../../../config/paths.ts';

/**
 * Query keys of the moderation logs, with the filters they were read with. Their queries are not
 * saved for offline use (`persist: false`): a log is read for what has happened up to now.
 */
export const modlogKeys = {
  all: ['modlog'] as const,
  community: (communityId: string, filters: ModLogFilters) => [...modlogKeys.all, 'community', communityId, filters] as const,
  site: (filters: Pick<ModLogFilters, 'kind'>) => [...modlogKeys.all, 'site', filters] as const,
};
