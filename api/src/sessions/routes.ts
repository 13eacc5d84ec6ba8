import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Sessions, SessionsEnded } from '@quorum/shared/entities/sessions';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { isUuid } from '@quorum/shared/schemas/common';
import { endSessionsQuery } from '@quorum/shared/schemas/sessions';
import { hashSessionId, requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { noBody, sends } from '../http/answer-schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import { presentSession } from './present.ts';
import * as q from './queries.ts';

/** The logged-in member, and the key (the cookie's hash) of the session making the request. */
function member(request: FastifyRequest) {
  return { user: requireUser(request), current: hashSessionId(request.sessionId) };
}

/** The member's sessions (the browsers where they are logged in), and ending them from elsewhere. */
const sessionsRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get('/sessions', { schema: sends(Sessions) }, async (request): Promise<Sessions> => {
    const { user, current } = member(request);
    return (await q.listSessions(sql, user.id, current)).map(presentSession);
  });

  app.delete<{ Params: { id: string } }>('/sessions/:id', { schema: sends(noBody) }, async (request, reply) => {
    const { user, current } = member(request);
    const id = request.params.id;
    const result = isUuid(id) ? await q.endSession(sql, user.id, current, id.toLowerCase()) : 'unknown';
    if (result === 'unknown') throw notFound(Messages.sessionNotFound);
    if (result === 'current') throw badRequest(Messages.currentSession, ErrorCode.currentSession);
    return reply.code(204).send();
  });

  app.delete('/sessions', { schema: sends(SessionsEnded) }, async (request): Promise<SessionsEnded> => {
    const { user, current } = member(request);
    parse(endSessionsQuery, request.query);
    return { ended: await q.endOtherSessions(sql, user.id, current) };
  });
};

export default sessionsRoutes;
