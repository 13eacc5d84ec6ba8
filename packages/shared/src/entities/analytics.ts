import { Type, type Static } from '@sinclair/typebox';
import { Next } from './schema.ts';

/**
 * Basic site statistics, recorded every hour. Counts of the last day (`_day`), 7 days (`_week`)
 * or 30 days (`_month`); `signups`, `pwa_installs` and `notifications_enabled` count the last day.
 * Users are those seen (any request while logged in) in the period; return users are those of
 * them whose account is older than the period.
 */
export interface BssPayload {
  signups: number;
  pwa_installs: number;
  notifications_enabled: number;
  users_day: number;
  users_week: number;
  users_month: number;
  return_users_day: number;
  return_users_week: number;
  return_users_month: number;
  posts_day: number;
  posts_week: number;
  comments_day: number;
  comments_week: number;
}

export const AnalyticsEvent = Type.Object({
  id: Type.String(),
  createdAt: Type.String(),
  /** The figures as JSON text (a BssPayload), as the reference answers them. */
  payload: Type.String(),
});
export type AnalyticsEvent = Static<typeof AnalyticsEvent>;

/** GET /api/analytics/bss: newest first. */
export const AnalyticsEventsPage = Type.Object({ events: Type.Array(AnalyticsEvent), next: Next });
export type AnalyticsEventsPage = Static<typeof AnalyticsEventsPage>;
