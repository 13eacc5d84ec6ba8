import type { FastifyPluginAsync } from 'fastify';
import { reportsQuery } from '@quorum/shared/schemas/communities';
import { reportBody } from '@quorum/shared/schemas/posts';
import { Report, ReportsPage } from '@quorum/shared/entities/reports';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { sends } from '../http/answer-schema.ts';
import { parse } from '../http/validate.ts';
import { createReport, ignoreReport, loadReport, loadReportsPage } from './actions.ts';

type CommunityParams = { Params: { id: string } };

const reportsRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  /** POST /api/_report {type, targetId, reason}: stored for the moderators of the item's community. */
  app.post('/_report', { schema: sends(Report), config: { limit: 'report' } }, async (request, reply) => {
    const user = requireUser(request);
    const id = await createReport(sql, user, parse(reportBody, request.body));
    return reply.code(201).send(await loadReport(sql, id, user));
  });

  app.get<CommunityParams>('/communities/:id/reports', { schema: sends(ReportsPage) }, async (request): Promise<ReportsPage> => {
    const user = requireUser(request);
    return loadReportsPage(sql, user, request.params.id, parse(reportsQuery, request.query));
  });

  app.delete<{ Params: { id: string; reportId: string } }>('/communities/:id/reports/:reportId', { schema: sends(Report) }, async (request): Promise<Report> => {
    const user = requireUser(request);
    return ignoreReport(sql, user, request.params.id, request.params.reportId);
  });
};

export default reportsRoutes;
