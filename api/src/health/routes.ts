import type { FastifyPluginAsync } from 'fastify';
import { Health } from '@quorum/shared/entities/site';
import type { Sql } from '../db/connect.ts';
import { withTimeout } from '../db/with-timeout.ts';
import { sends } from '../http/answer-schema.ts';
import { serviceUnavailable } from '../http/errors.ts';
import type { Jobs } from '../jobs/queue.ts';

/** Longer than this and the database counts as not answering. */
const HEALTH_TIMEOUT_MS = 2_000;

/**
 * GET /api/_health: 200 once the database answers a query and the job queue is running, 503
 * otherwise. Load balancers and supervisors poll it, so it is cheap and exempt from the rate limit.
 */
const healthRoutes: FastifyPluginAsync<{ sql: Sql; jobs: Jobs }> = async (app, { sql, jobs }) => {
  app.get('/_health', { schema: sends(Health), config: { rateLimit: false } }, async (request) => {
    try {
      await withTimeout(sql`select 1`, HEALTH_TIMEOUT_MS);
    } catch (err) {
      request.log.warn({ err }, 'health check failed');
      throw serviceUnavailable('The database is not answering.');
    }
    if (!jobs.running()) throw serviceUnavailable('The job queue is not running.');
    return { status: 'ok' };
  });
};

export default healthRoutes;
