import type { FastifyPluginAsync } from 'fastify';
import { Draft, Drafts } from '@quorum/shared/entities/drafts';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { deleteDraftQuery, draftKey, saveDraftBody } from '@quorum/shared/schemas/drafts';
import { requireUser } from '../auth/plugin.ts';
import type { Sql } from '../db/connect.ts';
import { noBody, sends } from '../http/answer-schema.ts';
import { conflict } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import * as q from './queries.ts';

type Params = { Params: { key: string } };

/** A member's drafts, kept so that what they started writing follows them to another device. */
const draftsRoutes: FastifyPluginAsync<{ sql: Sql }> = async (app, { sql }) => {
  app.get('/drafts', { schema: sends(Drafts) }, async (request) => q.listDrafts(sql, requireUser(request).id));

  app.put<Params>('/drafts/:key', { schema: sends(Draft), config: { limit: 'draft' } }, async (request) => {
    const user = requireUser(request);
    const key = parse(draftKey, request.params.key);
    const kept = await q.saveDraft(sql, user.id, { key, ...parse(saveDraftBody, request.body) });
    // A save older than the draft's deletion on some device.
    if (!kept) throw conflict(ErrorCode.draftDeleted, Messages.draftDeleted);
    return kept;
  });

  app.delete<Params>('/drafts/:key', { schema: sends(noBody), config: { limit: 'draft' } }, async (request, reply) => {
    const user = requireUser(request);
    const key = parse(draftKey, request.params.key);
    await q.deleteDraft(sql, user.id, key, parse(deleteDraftQuery, request.query).seq);
    return reply.code(204).send();
  });
};

export default draftsRoutes;
