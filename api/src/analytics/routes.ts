import type { FastifyPluginAsync } from 'fastify';
import { analyticsBody } from '@quorum/shared/schemas/users';
import type { Sql } from '../db/connect.ts';
import { parse } from '../http/validate.ts';
import { recordDailyEvent } from './queries.ts';

export interface AnalyticsRoutesOptions {
  sql: Sql;
  limits: { analytics: object } | false;
}

const analyticsRoutes: FastifyPluginAsync<AnalyticsRoutesOptions> = async (app, { sql, limits }) => {
  /** The installed app reports that it is in use (or was just installed): counted once a day per user or address. */
  app.post('/analytics', { config: { rateLimit: limits && limits.analytics } }, async (request) => {
    const { event } = parse(analyticsBody, request.body);
    const who = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
    await recordDailyEvent(sql, event, who, { loggedIn: request.user !== null });
    return { success: true };
  });
};

export default analyticsRoutes;
