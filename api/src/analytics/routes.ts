import type { FastifyPluginAsync } from 'fastify';
import { adminPageQuery } from '@quorum/shared/schemas/admin';
import { analyticsBody } from '@quorum/shared/schemas/users';
import { AnalyticsEventsPage } from '@quorum/shared/entities/analytics';
import { Success } from '@quorum/shared/entities/schema';
import { requireAdmin } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { listSiteStats, presentBssEvent } from './bss.ts';
import { recordDailyEvent } from './queries.ts';

export interface AnalyticsRoutesOptions {
  sql: Sql;
}

const analyticsRoutes: FastifyPluginAsync<AnalyticsRoutesOptions> = async (app, { sql }) => {
  /**
   * The installed app reports that it is in use, was just installed, or that notifications were
   * turned on: each counted once a day per user or address.
   */
  app.post('/analytics', { schema: sends(Success), config: { limit: 'analytics' } }, async (request) => {
    const { event } = parse(analyticsBody, request.body);
    const who = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
    await recordDailyEvent(sql, event, who, { loggedIn: request.user !== null });
    return { success: true };
  });

  /** The hourly site statistics, newest first, for admins. */
  app.get('/analytics/bss', { schema: sends(AnalyticsEventsPage) }, async (request): Promise<AnalyticsEventsPage> => {
    requireAdmin(request);
    const page = await listSiteStats(sql, parse(adminPageQuery, request.query).next);
    return { events: page.rows.map(presentBssEvent), next: page.next };
  });
};

export default analyticsRoutes;
