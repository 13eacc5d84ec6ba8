import type { BssPayload } from '@quorum/shared/entities/analytics';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

/** An hourly record with the figures of its payload, which the server sends as JSON text. */
export interface SiteStats {
  id: string;
  createdAt: string;
  figures: Partial<Record<keyof BssPayload, unknown>>;
}

/** The figures of a payload; none (shown as zeros) when it is not a JSON object. */
function readFigures(payload: string): SiteStats['figures'] {
  try {
    const figures: unknown = JSON.parse(payload);
    if (typeof figures === 'object' && figures !== null) return figures;
  } catch {
    // not JSON: no figures
  }
  return {};
}

/** GET /api/analytics/bss: the hourly site statistics, newest first, page by page. */
export const bssEventsOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.bssEvents(),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.getBssEvents(pageParam, signal);
      const events = page.events.map((event): SiteStats => ({ id: event.id, createdAt: event.createdAt, figures: readFigures(event.payload) }));
      return { events, next: page.next };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
    meta: { persist: false },
  });
