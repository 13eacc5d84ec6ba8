import type { FastifyPluginAsync } from 'fastify';
import { reportBody } from '@quorum/shared/schemas/posts';
import type { Report } from '@quorum/shared/types';
import { requireUser } from '../auth/plugin.ts';
import { presentComment } from '../comments/present.ts';
import { loadCommentById } from '../comments/thread.ts';
import type { Sql } from '../db/connect.ts';
import { parse } from '../http/validate.ts';
import { loadPostById } from '../posts/load.ts';
import { presentPost } from '../posts/present.ts';
import { createReport } from './actions.ts';

const reportsRoutes: FastifyPluginAsync<{ sql: Sql; limits: { report: object } | false }> = async (app, { sql, limits }) => {
  /** POST /api/_report {type, targetId, reason}: stored for the moderators of the item's community. */
  app.post('/_report', { config: { rateLimit: limits && limits.report } }, async (request, reply) => {
    const user = requireUser(request);
    const body = parse(reportBody, request.body);
    const report = await createReport(sql, user, body);
    const target =
      body.type === 'post'
        ? presentPost(await loadPostById(sql, body.targetId, user.id), user)
        : presentComment(await loadCommentById(sql, body.targetId, user.id), user);
    const answer: Report = { id: report.id, type: body.type, reason: report.reason, target, createdAt: report.createdAt.toISOString() };
    return reply.code(201).send(answer);
  });
};

export default reportsRoutes;
